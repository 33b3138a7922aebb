CREATE TABLE `safety_cards` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`contacts` text NOT NULL,
	`flags` text DEFAULT '[]' NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`consent_mark` text,
	`confirmed_term` text NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `safety_openings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`member_id` integer NOT NULL,
	`opened_by` integer,
	`opened_by_name` text NOT NULL,
	`opened_at` integer NOT NULL,
	`how` text NOT NULL,
	`recorded_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`member_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`opened_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `safety_openings_member_idx` ON `safety_openings` (`member_id`,`opened_at`);--> statement-breakpoint
CREATE INDEX `safety_openings_opener_idx` ON `safety_openings` (`opened_by`);--> statement-breakpoint
CREATE TABLE `safety_openings_removed` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`removed_at` integer NOT NULL,
	`openings` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `waiver_signatures` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`version` text NOT NULL,
	`term_id` text NOT NULL,
	`full_name` text NOT NULL,
	`signed_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `waiver_signatures_user_idx` ON `waiver_signatures` (`user_id`,`signed_at`);