PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_workout_signups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`signup_time` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_workout_signups`("id", "post_id", "user_id", "signup_time") SELECT "id", "post_id", "user_id", "signup_time" FROM `workout_signups`;--> statement-breakpoint
DROP TABLE `workout_signups`;--> statement-breakpoint
ALTER TABLE `__new_workout_signups` RENAME TO `workout_signups`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `workout_signups_unique` ON `workout_signups` (`post_id`,`user_id`);