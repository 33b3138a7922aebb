CREATE TABLE `push_subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`label` text NOT NULL,
	`place_freed` integer DEFAULT true NOT NULL,
	`reminders` integer DEFAULT true NOT NULL,
	`new_workouts` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_endpoint_unique` ON `push_subscriptions` (`endpoint`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_user_idx` ON `push_subscriptions` (`user_id`);--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `channel` text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `subscription_id` integer REFERENCES push_subscriptions(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `url` text;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `dedupe_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `email_outbox_dedupe_unique` ON `email_outbox` (`dedupe_key`);--> statement-breakpoint
ALTER TABLE `users` ADD `reminders_enabled` integer DEFAULT true NOT NULL;