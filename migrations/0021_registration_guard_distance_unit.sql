ALTER TABLE `league_settings` ADD `distance_unit` text DEFAULT 'ft' NOT NULL;--> statement-breakpoint
-- write_guards never holds a row (ADR 14): recreated with its seventh rule, nothing to copy (ADR 39).
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_write_guards` (
	`round_changed` integer,
	`overdrawn` integer,
	`pot_negative` integer,
	`cards_changed` integer,
	`field_full` integer,
	`tags_changed` integer,
	`registration_closed` integer,
	CONSTRAINT "round_changed" CHECK("__new_write_guards"."round_changed" is null),
	CONSTRAINT "overdrawn" CHECK("__new_write_guards"."overdrawn" is null),
	CONSTRAINT "pot_negative" CHECK("__new_write_guards"."pot_negative" is null),
	CONSTRAINT "cards_changed" CHECK("__new_write_guards"."cards_changed" is null),
	CONSTRAINT "field_full" CHECK("__new_write_guards"."field_full" is null),
	CONSTRAINT "tags_changed" CHECK("__new_write_guards"."tags_changed" is null),
	CONSTRAINT "registration_closed" CHECK("__new_write_guards"."registration_closed" is null)
);
--> statement-breakpoint
DROP TABLE `write_guards`;--> statement-breakpoint
ALTER TABLE `__new_write_guards` RENAME TO `write_guards`;--> statement-breakpoint
PRAGMA foreign_keys=ON;