CREATE TABLE `duties` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`place` text NOT NULL,
	`place_id` integer NOT NULL,
	`kind` text NOT NULL,
	`places` integer DEFAULT 1 NOT NULL,
	`eligibility` text DEFAULT 'members' NOT NULL,
	`qualification` text,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `duties_place_idx` ON `duties` (`place`,`place_id`);--> statement-breakpoint
CREATE INDEX `duties_starts_idx` ON `duties` (`starts_at`);--> statement-breakpoint
CREATE TABLE `duty_holders` (
	`duty_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`taken_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`assigned_by` integer,
	`swap_offered_at` integer,
	PRIMARY KEY(`duty_id`, `user_id`),
	FOREIGN KEY (`duty_id`) REFERENCES `duties`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`assigned_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `duty_holders_user_idx` ON `duty_holders` (`user_id`);--> statement-breakpoint
CREATE TABLE `poll_choices` (
	`poll_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`option` integer NOT NULL,
	PRIMARY KEY(`poll_id`, `user_id`, `option`),
	FOREIGN KEY (`poll_id`) REFERENCES `polls`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `poll_choices_user_idx` ON `poll_choices` (`user_id`);--> statement-breakpoint
CREATE TABLE `poll_responders` (
	`poll_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`answered_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`poll_id`, `user_id`),
	FOREIGN KEY (`poll_id`) REFERENCES `polls`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `poll_responders_user_idx` ON `poll_responders` (`user_id`);--> statement-breakpoint
CREATE TABLE `poll_tallies` (
	`poll_id` integer NOT NULL,
	`option` integer NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`poll_id`, `option`),
	FOREIGN KEY (`poll_id`) REFERENCES `polls`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `polls` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`question` text NOT NULL,
	`kind` text DEFAULT 'choice' NOT NULL,
	`options` text NOT NULL,
	`multiple` integer DEFAULT false NOT NULL,
	`anonymous` integer DEFAULT false NOT NULL,
	`results_shown` text DEFAULT 'after_answer' NOT NULL,
	`closes_at` integer NOT NULL,
	`place` text DEFAULT 'home' NOT NULL,
	`place_id` integer,
	`answered_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `polls_place_idx` ON `polls` (`place`,`place_id`);--> statement-breakpoint
CREATE INDEX `polls_closes_idx` ON `polls` (`closes_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `qualifications` text;