-- The deployment's leagues (ADR 46) and the one it starts with: today's rows are its.
-- write_guards never holds a row: recreated with its eighth rule, league_inactive, nothing to copy.
CREATE TABLE `leagues` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`epoch` integer DEFAULT 0 NOT NULL,
	`is_default` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	CONSTRAINT "leagues_status" CHECK("leagues"."status" in ('active', 'frozen', 'moved'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `leagues_slug` ON `leagues` (lower("slug"));--> statement-breakpoint
CREATE UNIQUE INDEX `leagues_one_default` ON `leagues` (`is_default`) WHERE "leagues"."is_default" = 1;--> statement-breakpoint
INSERT INTO `leagues` (`id`, `slug`, `is_default`) VALUES (1, 'league', 1);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_write_guards` (
	`round_changed` integer,
	`overdrawn` integer,
	`pot_negative` integer,
	`cards_changed` integer,
	`field_full` integer,
	`tags_changed` integer,
	`registration_closed` integer,
	`league_inactive` integer,
	CONSTRAINT "round_changed" CHECK("__new_write_guards"."round_changed" is null),
	CONSTRAINT "overdrawn" CHECK("__new_write_guards"."overdrawn" is null),
	CONSTRAINT "pot_negative" CHECK("__new_write_guards"."pot_negative" is null),
	CONSTRAINT "cards_changed" CHECK("__new_write_guards"."cards_changed" is null),
	CONSTRAINT "field_full" CHECK("__new_write_guards"."field_full" is null),
	CONSTRAINT "tags_changed" CHECK("__new_write_guards"."tags_changed" is null),
	CONSTRAINT "registration_closed" CHECK("__new_write_guards"."registration_closed" is null),
	CONSTRAINT "league_inactive" CHECK("__new_write_guards"."league_inactive" is null)
);
--> statement-breakpoint
DROP TABLE `write_guards`;--> statement-breakpoint
ALTER TABLE `__new_write_guards` RENAME TO `write_guards`;--> statement-breakpoint
PRAGMA foreign_keys=ON;