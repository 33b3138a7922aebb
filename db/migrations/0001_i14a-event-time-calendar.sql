ALTER TABLE `posts` ADD `event_time` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `event_location` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `revision` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `races` ADD `revision` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `calendar_token` text;