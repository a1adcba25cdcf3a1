CREATE TABLE `league_prefs` (
	`league_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`notify_registration` integer DEFAULT false NOT NULL,
	`notify_cards` integer DEFAULT false NOT NULL,
	`notify_waitlist` integer DEFAULT false NOT NULL,
	`calendar_token` text,
	PRIMARY KEY(`league_id`, `user_id`),
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `league_prefs_calendar_token_uq` ON `league_prefs` (`calendar_token`);--> statement-breakpoint
CREATE INDEX `league_prefs_user_idx` ON `league_prefs` (`user_id`);--> statement-breakpoint
-- Mail preferences and the calendar feed are per (account, league) now (ADR 46): every
-- account's choices and feed token so far were the one league's, the default league that
-- migration 0024 made (id 1). Copied before the columns go; run again, it adds nothing.
INSERT INTO `league_prefs` (`league_id`, `user_id`, `notify_registration`, `notify_cards`, `notify_waitlist`, `calendar_token`)
SELECT 1, `id`, `notify_registration`, `notify_cards`, `notify_waitlist`, `calendar_token` FROM `users`
WHERE EXISTS (SELECT 1 FROM `leagues` WHERE `id` = 1)
ON CONFLICT (`league_id`, `user_id`) DO NOTHING;--> statement-breakpoint
-- SQLite drops no column an index names: the token's unique index first.
DROP INDEX `users_calendar_token_uq`;--> statement-breakpoint
ALTER TABLE `users` DROP COLUMN `notify_registration`;--> statement-breakpoint
ALTER TABLE `users` DROP COLUMN `calendar_token`;--> statement-breakpoint
ALTER TABLE `users` DROP COLUMN `notify_cards`;--> statement-breakpoint
ALTER TABLE `users` DROP COLUMN `notify_waitlist`;