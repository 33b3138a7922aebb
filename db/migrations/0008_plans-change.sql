CREATE TABLE `announcements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`until` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `announcements_until_idx` ON `announcements` (`until`);--> statement-breakpoint
CREATE TABLE `post_tombstone_members` (
	`post_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	PRIMARY KEY(`post_id`, `user_id`),
	FOREIGN KEY (`post_id`) REFERENCES `post_tombstones`(`post_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `post_tombstone_members_user_idx` ON `post_tombstone_members` (`user_id`);--> statement-breakpoint
CREATE TABLE `post_tombstones` (
	`post_id` integer PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`title` text NOT NULL,
	`date` text NOT NULL,
	`time` text DEFAULT '' NOT NULL,
	`location` text DEFAULT '' NOT NULL,
	`revision` integer NOT NULL,
	`deleted_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `post_tombstones_deleted_idx` ON `post_tombstones` (`deleted_at`);--> statement-breakpoint
ALTER TABLE `posts` ADD `cancelled_at` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `cancel_reason` text;--> statement-breakpoint
ALTER TABLE `push_subscriptions` ADD `announcements` integer DEFAULT true NOT NULL;