CREATE TABLE `league_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`points_first` integer DEFAULT 100 NOT NULL,
	`points_step` integer DEFAULT 5 NOT NULL,
	`points_floor` integer DEFAULT 10 NOT NULL,
	`points_participation` integer DEFAULT 5 NOT NULL,
	`standings_best_n` integer DEFAULT 10 NOT NULL,
	`handicap_rounds` integer DEFAULT 10 NOT NULL,
	`handicap_percent` integer DEFAULT 80 NOT NULL,
	`handicap_par` integer DEFAULT 54 NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	CONSTRAINT "league_settings_one_row" CHECK("league_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE `registration_mails` (
	`round_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`day` text NOT NULL,
	`mailed_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`round_id`, `user_id`, `day`),
	FOREIGN KEY (`round_id`) REFERENCES `rounds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `entries` ADD `rating` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `notify_registration` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `calendar_token` text;--> statement-breakpoint
CREATE UNIQUE INDEX `users_calendar_token_uq` ON `users` (`calendar_token`);