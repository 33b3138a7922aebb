CREATE TABLE `race_entry_releases` (
	`race_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`released_at` integer NOT NULL,
	PRIMARY KEY(`race_id`, `user_id`),
	FOREIGN KEY (`race_id`) REFERENCES `races`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `payments` ADD `race_id` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `post_id` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `fee_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `posts` ADD `fee_currency` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `races` ADD `fee_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `races` ADD `fee_currency` text DEFAULT '' NOT NULL;