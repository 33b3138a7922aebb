CREATE TABLE `renewal_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`session` text NOT NULL,
	`status` text DEFAULT 'requested' NOT NULL,
	`reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`decided_at` integer,
	`decided_by` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `renewal_requests_open_unique` ON `renewal_requests` (`user_id`) WHERE status = 'requested';--> statement-breakpoint
CREATE INDEX `renewal_requests_status_idx` ON `renewal_requests` (`status`,`created_at`);