CREATE TABLE `workout_lanes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer NOT NULL,
	`position` integer NOT NULL,
	`name` text NOT NULL,
	`pace` text DEFAULT '' NOT NULL,
	`pace_from` real,
	`pace_to` real,
	`pace_unit` text,
	`capacity` integer,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `workout_lanes_post_idx` ON `workout_lanes` (`post_id`,`position`);--> statement-breakpoint
ALTER TABLE `users` ADD `swim_pace` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `run_pace` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `ride_speed` real;--> statement-breakpoint
ALTER TABLE `waitlist_entries` ADD `lane_id` integer;--> statement-breakpoint
ALTER TABLE `workout_signups` ADD `lane_id` integer;