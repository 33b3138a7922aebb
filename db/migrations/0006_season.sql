DROP INDEX `renewal_requests_open_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `renewal_requests_open_unique` ON `renewal_requests` (`user_id`) WHERE status = 'requested';