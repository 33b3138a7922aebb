ALTER TABLE `email_outbox` RENAME TO `message_queue`;--> statement-breakpoint
DROP INDEX `email_outbox_status_idx`;--> statement-breakpoint
DROP INDEX `email_outbox_dedupe_unique`;--> statement-breakpoint
CREATE INDEX `message_queue_status_idx` ON `message_queue` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `message_queue_dedupe_unique` ON `message_queue` (`dedupe_key`);