ALTER TABLE `race_results` ADD `splits` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
UPDATE `race_results` SET `splits` = json_array(json_object('leg', 'Swim', 'seconds', `swim_seconds`), json_object('leg', 'T1', 'seconds', `t1_seconds`), json_object('leg', 'Bike', 'seconds', `bike_seconds`), json_object('leg', 'T2', 'seconds', `t2_seconds`), json_object('leg', 'Run', 'seconds', `run_seconds`));--> statement-breakpoint
ALTER TABLE `race_results` DROP COLUMN `swim_seconds`;--> statement-breakpoint
ALTER TABLE `race_results` DROP COLUMN `t1_seconds`;--> statement-breakpoint
ALTER TABLE `race_results` DROP COLUMN `bike_seconds`;--> statement-breakpoint
ALTER TABLE `race_results` DROP COLUMN `t2_seconds`;--> statement-breakpoint
ALTER TABLE `race_results` DROP COLUMN `run_seconds`;--> statement-breakpoint
ALTER TABLE `races` ADD `legs` text DEFAULT '["Swim","T1","Bike","T2","Run"]' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `row_pace` integer;