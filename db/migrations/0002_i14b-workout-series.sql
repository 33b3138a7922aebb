ALTER TABLE `posts` ADD `series_id` text;--> statement-breakpoint
CREATE INDEX `posts_series_idx` ON `posts` (`series_id`,`workout_date`);