ALTER TABLE `payments` ADD `capture_id` text;--> statement-breakpoint
CREATE UNIQUE INDEX `payments_capture_uq` ON `payments` (`capture_id`);