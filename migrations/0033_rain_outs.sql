CREATE TABLE `round_cancellations` (
	`round_id` integer PRIMARY KEY NOT NULL,
	`league_id` integer NOT NULL,
	`at` integer NOT NULL,
	`money_print` text NOT NULL,
	`aces_print` text NOT NULL,
	`by_user_id` integer,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`league_id`,`round_id`) REFERENCES `rounds`(`league_id`,`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `round_cancellations_league_idx` ON `round_cancellations` (`league_id`,`at`);--> statement-breakpoint
ALTER TABLE `payments` ADD `refund_asked_at` integer;--> statement-breakpoint
ALTER TABLE `transfers` ADD `cancel_round_id` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `transfers_cancel_credit_uq` ON `transfers` (`league_id`,`cancel_round_id`,`to_player_id`) WHERE "transfers"."cancel_round_id" is not null and "transfers"."payment_id" is null;--> statement-breakpoint
ALTER TABLE `rounds` ADD `cancelled_at` integer;--> statement-breakpoint
ALTER TABLE `rounds` ADD `cancel_reason` text;--> statement-breakpoint
ALTER TABLE `rounds` ADD `cancel_aces_stand` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `rounds` ADD `postponed_from` integer;--> statement-breakpoint
ALTER TABLE `rounds` ADD `ended_early_at` integer;--> statement-breakpoint
ALTER TABLE `league_settings` ADD `rain_out_policy` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `league_settings` ADD `end_early_holes` integer DEFAULT 9 NOT NULL;--> statement-breakpoint
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
	`message_limit` integer,
	`round_cancelled` integer,
	CONSTRAINT "round_changed" CHECK("__new_write_guards"."round_changed" is null),
	CONSTRAINT "overdrawn" CHECK("__new_write_guards"."overdrawn" is null),
	CONSTRAINT "pot_negative" CHECK("__new_write_guards"."pot_negative" is null),
	CONSTRAINT "cards_changed" CHECK("__new_write_guards"."cards_changed" is null),
	CONSTRAINT "field_full" CHECK("__new_write_guards"."field_full" is null),
	CONSTRAINT "tags_changed" CHECK("__new_write_guards"."tags_changed" is null),
	CONSTRAINT "registration_closed" CHECK("__new_write_guards"."registration_closed" is null),
	CONSTRAINT "league_inactive" CHECK("__new_write_guards"."league_inactive" is null),
	CONSTRAINT "message_limit" CHECK("__new_write_guards"."message_limit" is null),
	CONSTRAINT "round_cancelled" CHECK("__new_write_guards"."round_cancelled" is null)
);
--> statement-breakpoint
INSERT INTO `__new_write_guards`("round_changed", "overdrawn", "pot_negative", "cards_changed", "field_full", "tags_changed", "registration_closed", "league_inactive", "message_limit") SELECT "round_changed", "overdrawn", "pot_negative", "cards_changed", "field_full", "tags_changed", "registration_closed", "league_inactive", "message_limit" FROM `write_guards`;--> statement-breakpoint
DROP TABLE `write_guards`;--> statement-breakpoint
ALTER TABLE `__new_write_guards` RENAME TO `write_guards`;--> statement-breakpoint
PRAGMA foreign_keys=ON;