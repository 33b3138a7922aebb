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
CREATE TABLE `payment_reminders` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`sent_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `payment_request_members` (
	`request_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	PRIMARY KEY(`request_id`, `user_id`),
	FOREIGN KEY (`request_id`) REFERENCES `payment_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `payment_request_members_user_idx` ON `payment_request_members` (`user_id`);--> statement-breakpoint
CREATE TABLE `payment_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`title` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`due_date` text NOT NULL,
	`created_by` integer,
	`created_by_name` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
ALTER TABLE `payments` ADD `price_reason` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `request_id` integer;--> statement-breakpoint
CREATE INDEX `stripe_events_received_idx` ON `stripe_events` (`received_at`);