ALTER TABLE `leagues` ADD `name` text;--> statement-breakpoint
ALTER TABLE `leagues` ADD `time_zone` text;