CREATE TABLE `race_lift_places` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lift_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`taken_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`lift_id`) REFERENCES `race_lifts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `race_lift_places_unique` ON `race_lift_places` (`lift_id`,`user_id`,`kind`);--> statement-breakpoint
CREATE TABLE `race_lift_seekers` (
	`race_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`since` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`race_id`) REFERENCES `races`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `race_lift_seekers_unique` ON `race_lift_seekers` (`race_id`,`user_id`);--> statement-breakpoint
CREATE TABLE `race_lifts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`race_id` integer NOT NULL,
	`driver_id` integer NOT NULL,
	`leaving_from` text NOT NULL,
	`leaving_at` text NOT NULL,
	`seats` integer NOT NULL,
	`bike_spots` integer NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`race_id`) REFERENCES `races`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`driver_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `race_results` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`race_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`distance` text NOT NULL,
	`finish_seconds` integer NOT NULL,
	`swim_seconds` integer,
	`t1_seconds` integer,
	`bike_seconds` integer,
	`t2_seconds` integer,
	`run_seconds` integer,
	`placing` integer,
	`entered_by` integer,
	`entered_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`race_id`) REFERENCES `races`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`entered_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `race_results_unique` ON `race_results` (`race_id`,`user_id`);--> statement-breakpoint
ALTER TABLE `race_signups` ADD `distance` text;--> statement-breakpoint
ALTER TABLE `race_signups` ADD `wave` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `races` ADD `distances` text DEFAULT '[]' NOT NULL;