CREATE TABLE `club_documents` (
	`key` text NOT NULL,
	`version` integer NOT NULL,
	`body` text NOT NULL,
	`published_by` integer,
	`published_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`note` text,
	`minor` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`key`, `version`),
	FOREIGN KEY (`published_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
