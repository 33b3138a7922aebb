CREATE TABLE `announcement_dismissals` (
	`announcement_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`dismissed_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`announcement_id`, `user_id`),
	FOREIGN KEY (`announcement_id`) REFERENCES `announcements`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `announcement_dismissals_user_idx` ON `announcement_dismissals` (`user_id`);