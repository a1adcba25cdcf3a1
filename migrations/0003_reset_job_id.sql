ALTER TABLE `password_resets` ADD `job_id` text;--> statement-breakpoint
ALTER TABLE `password_resets` ADD `mailed_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `password_resets_job_uq` ON `password_resets` (`job_id`);