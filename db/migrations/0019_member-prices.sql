CREATE TABLE `member_prices` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`price_cents` integer,
	`reason` text NOT NULL,
	`set_by` integer,
	`set_by_name` text,
	`set_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`set_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `payments` ADD `price_reason` text;--> statement-breakpoint
CREATE INDEX `stripe_events_received_idx` ON `stripe_events` (`received_at`);