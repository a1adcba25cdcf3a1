-- Every league row carries its league (ADR 46): each league table is rebuilt once, with
-- league_id, (league_id, id) unique, references to its parents by (league_id, parent_id),
-- indexes led by league_id, and no foreign key to users (accounts are the deployment's).
-- Today's rows go to the default league (id 1). The old tables are renamed aside first, so
-- the new ones are filled parents first under their final names; each AUTOINCREMENT keeps
-- the sequence its old table reached, so no id is ever handed out twice. Dropping a table
-- drops its triggers: they are made again below, writing league_id where they insert.
PRAGMA defer_foreign_keys = on;
--> statement-breakpoint
ALTER TABLE `courses` RENAME TO `__old_courses`;
--> statement-breakpoint
ALTER TABLE `layouts` RENAME TO `__old_layouts`;
--> statement-breakpoint
ALTER TABLE `layout_holes` RENAME TO `__old_layout_holes`;
--> statement-breakpoint
ALTER TABLE `players` RENAME TO `__old_players`;
--> statement-breakpoint
ALTER TABLE `player_stats` RENAME TO `__old_player_stats`;
--> statement-breakpoint
ALTER TABLE `rounds` RENAME TO `__old_rounds`;
--> statement-breakpoint
ALTER TABLE `round_stats` RENAME TO `__old_round_stats`;
--> statement-breakpoint
ALTER TABLE `payments` RENAME TO `__old_payments`;
--> statement-breakpoint
ALTER TABLE `entries` RENAME TO `__old_entries`;
--> statement-breakpoint
ALTER TABLE `cards` RENAME TO `__old_cards`;
--> statement-breakpoint
ALTER TABLE `card_players` RENAME TO `__old_card_players`;
--> statement-breakpoint
ALTER TABLE `payment_refunds` RENAME TO `__old_payment_refunds`;
--> statement-breakpoint
ALTER TABLE `transfers` RENAME TO `__old_transfers`;
--> statement-breakpoint
ALTER TABLE `aces` RENAME TO `__old_aces`;
--> statement-breakpoint
ALTER TABLE `claims` RENAME TO `__old_claims`;
--> statement-breakpoint
ALTER TABLE `side_pots` RENAME TO `__old_side_pots`;
--> statement-breakpoint
ALTER TABLE `side_pot_players` RENAME TO `__old_side_pot_players`;
--> statement-breakpoint
ALTER TABLE `side_pot_marks` RENAME TO `__old_side_pot_marks`;
--> statement-breakpoint
ALTER TABLE `side_pot_wins` RENAME TO `__old_side_pot_wins`;
--> statement-breakpoint
ALTER TABLE `tag_moves` RENAME TO `__old_tag_moves`;
--> statement-breakpoint
ALTER TABLE `waitlist` RENAME TO `__old_waitlist`;
--> statement-breakpoint
ALTER TABLE `waitlist_notices` RENAME TO `__old_waitlist_notices`;
--> statement-breakpoint
ALTER TABLE `registration_mails` RENAME TO `__old_registration_mails`;
--> statement-breakpoint
ALTER TABLE `card_mails` RENAME TO `__old_card_mails`;
--> statement-breakpoint
ALTER TABLE `league_settings` RENAME TO `__old_league_settings`;
--> statement-breakpoint
ALTER TABLE `audit_log` RENAME TO `__old_audit_log`;
--> statement-breakpoint
CREATE TABLE `courses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`league_id` integer NOT NULL,
	`name` text NOT NULL,
	`place` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `courses_league_uq` ON `courses` (`league_id`,`id`);
--> statement-breakpoint
CREATE TABLE `layouts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`league_id` integer NOT NULL,
	`course_id` integer NOT NULL,
	`name` text NOT NULL,
	`hole_count` integer NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`league_id`,`course_id`) REFERENCES `courses`(`league_id`,`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "layouts_hole_count" CHECK("layouts"."hole_count" between 9 and 27)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `layouts_league_uq` ON `layouts` (`league_id`,`id`);
--> statement-breakpoint
CREATE TABLE `layout_holes` (
	`league_id` integer NOT NULL,
	`layout_id` integer NOT NULL,
	`hole` integer NOT NULL,
	`par` integer NOT NULL,
	`distance_feet` integer,
	`second_card_order` integer,
	PRIMARY KEY(`layout_id`, `hole`),
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`league_id`,`layout_id`) REFERENCES `layouts`(`league_id`,`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "layout_holes_par" CHECK("layout_holes"."par" between 2 and 9),
	CONSTRAINT "layout_holes_distance" CHECK("layout_holes"."distance_feet" is null or "layout_holes"."distance_feet" between 1 and 3000)
);
--> statement-breakpoint
CREATE TABLE `players` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`league_id` integer NOT NULL,
	`fn` text NOT NULL,
	`ln` text NOT NULL,
	`pdga` text,
	`division` text NOT NULL,
	`inactive` integer DEFAULT false NOT NULL,
	`created_by_user_id` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `players_league_uq` ON `players` (`league_id`,`id`);
--> statement-breakpoint
CREATE TABLE `player_stats` (
	`player_id` integer PRIMARY KEY NOT NULL,
	`league_id` integer NOT NULL,
	`round_count` integer DEFAULT 0 NOT NULL,
	`score_sum` integer DEFAULT 0 NOT NULL,
	`wins` integer DEFAULT 0 NOT NULL,
	`best_score` integer,
	`credit_cents` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`league_id`,`player_id`) REFERENCES `players`(`league_id`,`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `rounds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`league_id` integer NOT NULL,
	`d` integer NOT NULL,
	`n` text NOT NULL,
	`loc` text NOT NULL,
	`fee_pdga_cents` integer NOT NULL,
	`fee_course_cents` integer NOT NULL,
	`fee_other_cents` integer NOT NULL,
	`ace_cents` integer NOT NULL,
	`payout_cents` integer NOT NULL,
	`pdga_url` text,
	`open_for_registration` integer DEFAULT false NOT NULL,
	`layout_id` integer,
	`cards_published_at` integer,
	`cards_version` integer DEFAULT 0 NOT NULL,
	`field_cap` integer,
	`division_caps` text,
	`counts_for_tags` integer DEFAULT false NOT NULL,
	`doubles` integer DEFAULT false NOT NULL,
	`teams_version` integer DEFAULT 0 NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`league_id`,`layout_id`) REFERENCES `layouts`(`league_id`,`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rounds_league_uq` ON `rounds` (`league_id`,`id`);
--> statement-breakpoint
CREATE TABLE `round_stats` (
	`round_id` integer PRIMARY KEY NOT NULL,
	`league_id` integer NOT NULL,
	`ace_entries` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`league_id`,`round_id`) REFERENCES `rounds`(`league_id`,`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`league_id` integer NOT NULL,
	`user_id` integer,
	`round_id` integer NOT NULL,
	`player_id` integer NOT NULL,
	`method` text NOT NULL,
	`status` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`league_fee_cents` integer DEFAULT 0 NOT NULL,
	`provider_fee_cents` integer,
	`credit_used_cents` integer DEFAULT 0 NOT NULL,
	`ace_opt_in` integer DEFAULT true NOT NULL,
	`division` text NOT NULL,
	`transaction_id` text,
	`capture_id` text,
	`request_key` text,
	`side_pot_ids` text,
	`payment_data` text,
	`void_reason` text,
	`voided_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`league_id`,`round_id`) REFERENCES `rounds`(`league_id`,`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`league_id`,`player_id`) REFERENCES `players`(`league_id`,`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_league_uq` ON `payments` (`league_id`,`id`);
--> statement-breakpoint
CREATE TABLE `entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`league_id` integer NOT NULL,
	`round_id` integer NOT NULL,
	`player_id` integer NOT NULL,
	`division` text NOT NULL,
	`ace` integer DEFAULT true NOT NULL,
	`score` integer DEFAULT 0 NOT NULL,
	`dnf` integer DEFAULT false NOT NULL,
	`payout_cents` integer DEFAULT 0 NOT NULL,
	`payout_adjust_cents` integer DEFAULT 0 NOT NULL,
	`credit_added_cents` integer DEFAULT 0 NOT NULL,
	`credit_used_cents` integer DEFAULT 0 NOT NULL,
	`credited_for_cents` integer,
	`payment_id` integer,
	`result` text,
	`rating` integer,
	`checked_in_at` integer,
	`checked_in_by` integer,
	`team` integer,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`league_id`,`round_id`) REFERENCES `rounds`(`league_id`,`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`league_id`,`player_id`) REFERENCES `players`(`league_id`,`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`league_id`,`payment_id`) REFERENCES `payments`(`league_id`,`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `entries_league_uq` ON `entries` (`league_id`,`id`);
--> statement-breakpoint
CREATE TABLE `cards` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`league_id` integer NOT NULL,
	`round_id` integer NOT NULL,
	`number` integer NOT NULL,
	`start_hole` integer,
	`start_slot` integer DEFAULT 0 NOT NULL,
	`tee_time` integer,
	`started_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`league_id`,`round_id`) REFERENCES `rounds`(`league_id`,`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cards_league_uq` ON `cards` (`league_id`,`id`);
--> statement-breakpoint
CREATE TABLE `card_players` (
	`entry_id` integer PRIMARY KEY NOT NULL,
	`league_id` integer NOT NULL,
	`card_id` integer NOT NULL,
	`position` integer NOT NULL,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`league_id`,`entry_id`) REFERENCES `entries`(`league_id`,`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`league_id`,`card_id`) REFERENCES `cards`(`league_id`,`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `payment_refunds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`league_id` integer NOT NULL,
	`payment_id` integer NOT NULL,
	`kind` text NOT NULL,
	`provider_refund_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`resolution` text,
	`resolved_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`league_id`,`payment_id`) REFERENCES `payments`(`league_id`,`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "payment_refunds_amount_positive" CHECK("payment_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_refunds_league_uq` ON `payment_refunds` (`league_id`,`id`);
--> statement-breakpoint
CREATE TABLE `transfers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`league_id` integer NOT NULL,
	`d` integer NOT NULL,
	`from_player_id` integer,
	`to_player_id` integer,
	`amt_cents` integer NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`payment_id` integer,
	`excess_payment_id` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`league_id`,`from_player_id`) REFERENCES `players`(`league_id`,`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`league_id`,`to_player_id`) REFERENCES `players`(`league_id`,`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`league_id`,`payment_id`) REFERENCES `payments`(`league_id`,`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`league_id`,`excess_payment_id`) REFERENCES `payments`(`league_id`,`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "transfers_amt_positive" CHECK("transfers"."amt_cents" > 0),
	CONSTRAINT "transfers_sides_differ" CHECK("transfers"."from_player_id" IS NULL OR "transfers"."to_player_id" IS NULL OR "transfers"."from_player_id" <> "transfers"."to_player_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `transfers_league_uq` ON `transfers` (`league_id`,`id`);
--> statement-breakpoint
CREATE TABLE `aces` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`league_id` integer NOT NULL,
	`d` integer NOT NULL,
	`player_id` integer NOT NULL,
	`round_id` integer,
	`amt_cents` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`league_id`,`player_id`) REFERENCES `players`(`league_id`,`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`league_id`,`round_id`) REFERENCES `rounds`(`league_id`,`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "aces_amt_positive" CHECK("aces"."amt_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `aces_league_uq` ON `aces` (`league_id`,`id`);
--> statement-breakpoint
CREATE TABLE `claims` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`league_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`player_id` integer NOT NULL,
	`status` text NOT NULL,
	`note` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	`approved_at` integer,
	`rejected_at` integer,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`league_id`,`player_id`) REFERENCES `players`(`league_id`,`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `claims_league_uq` ON `claims` (`league_id`,`id`);
--> statement-breakpoint
CREATE TABLE `side_pots` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`league_id` integer NOT NULL,
	`round_id` integer NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`buy_in_cents` integer NOT NULL,
	`holes` text,
	`settled_at` integer,
	`carried_in_cents` integer DEFAULT 0 NOT NULL,
	`prize_cents` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`league_id`,`round_id`) REFERENCES `rounds`(`league_id`,`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "side_pots_buy_in" CHECK("side_pots"."buy_in_cents" between 1 and 100000),
	CONSTRAINT "side_pots_holes" CHECK(("side_pots"."kind" = 'ctp') = ("side_pots"."holes" is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `side_pots_league_uq` ON `side_pots` (`league_id`,`id`);
--> statement-breakpoint
CREATE TABLE `side_pot_players` (
	`league_id` integer NOT NULL,
	`pot_id` integer NOT NULL,
	`entry_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`pot_id`, `entry_id`),
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`league_id`,`pot_id`) REFERENCES `side_pots`(`league_id`,`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`league_id`,`entry_id`) REFERENCES `entries`(`league_id`,`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `side_pot_marks` (
	`league_id` integer NOT NULL,
	`pot_id` integer NOT NULL,
	`hole` integer NOT NULL,
	`entry_id` integer NOT NULL,
	`distance_cm` integer,
	`settled` integer DEFAULT false NOT NULL,
	`by_user_id` integer,
	`at` integer NOT NULL,
	PRIMARY KEY(`pot_id`, `hole`, `entry_id`),
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`league_id`,`pot_id`) REFERENCES `side_pots`(`league_id`,`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`league_id`,`entry_id`) REFERENCES `entries`(`league_id`,`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `side_pot_wins` (
	`league_id` integer NOT NULL,
	`pot_id` integer NOT NULL,
	`hole` integer NOT NULL,
	`entry_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	PRIMARY KEY(`pot_id`, `hole`, `entry_id`),
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`league_id`,`pot_id`) REFERENCES `side_pots`(`league_id`,`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`league_id`,`entry_id`) REFERENCES `entries`(`league_id`,`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `tag_moves` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`league_id` integer NOT NULL,
	`tag` integer NOT NULL,
	`from_player_id` integer,
	`to_player_id` integer,
	`round_id` integer,
	`reason` text NOT NULL,
	`at` integer NOT NULL,
	`actor_user_id` integer,
	`actor_name` text,
	`actor_role` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`league_id`,`from_player_id`) REFERENCES `players`(`league_id`,`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`league_id`,`to_player_id`) REFERENCES `players`(`league_id`,`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`league_id`,`round_id`) REFERENCES `rounds`(`league_id`,`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "tag_moves_tag" CHECK("tag_moves"."tag" between 1 and 999),
	CONSTRAINT "tag_moves_sides" CHECK("tag_moves"."from_player_id" is not "tag_moves"."to_player_id"),
	CONSTRAINT "tag_moves_round" CHECK(("tag_moves"."round_id" is null) = ("tag_moves"."reason" in ('assigned', 'taken_back')))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tag_moves_league_uq` ON `tag_moves` (`league_id`,`id`);
--> statement-breakpoint
CREATE TABLE `waitlist` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`league_id` integer NOT NULL,
	`round_id` integer NOT NULL,
	`player_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`division` text NOT NULL,
	`ace` integer DEFAULT true NOT NULL,
	`auto_confirm` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'waiting' NOT NULL,
	`offered_at` integer,
	`offer_expires_at` integer,
	`closed_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`league_id`,`round_id`) REFERENCES `rounds`(`league_id`,`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`league_id`,`player_id`) REFERENCES `players`(`league_id`,`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_league_uq` ON `waitlist` (`league_id`,`id`);
--> statement-breakpoint
CREATE TABLE `waitlist_notices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`league_id` integer NOT NULL,
	`waitlist_id` integer NOT NULL,
	`kind` text NOT NULL,
	`mailed_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`league_id`,`waitlist_id`) REFERENCES `waitlist`(`league_id`,`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `registration_mails` (
	`league_id` integer NOT NULL,
	`round_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`day` text NOT NULL,
	`mailed_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`round_id`, `user_id`, `day`),
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`league_id`,`round_id`) REFERENCES `rounds`(`league_id`,`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `card_mails` (
	`league_id` integer NOT NULL,
	`round_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`published_at` integer NOT NULL,
	`mailed_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`round_id`, `user_id`, `published_at`),
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`league_id`,`round_id`) REFERENCES `rounds`(`league_id`,`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `league_settings` (
	`league_id` integer PRIMARY KEY NOT NULL,
	`points_first` integer DEFAULT 100 NOT NULL,
	`points_step` integer DEFAULT 5 NOT NULL,
	`points_floor` integer DEFAULT 10 NOT NULL,
	`points_participation` integer DEFAULT 5 NOT NULL,
	`standings_best_n` integer DEFAULT 10 NOT NULL,
	`handicap_rounds` integer DEFAULT 10 NOT NULL,
	`handicap_percent` integer DEFAULT 80 NOT NULL,
	`handicap_par` integer DEFAULT 54 NOT NULL,
	`check_in_opens_minutes` integer DEFAULT 120 NOT NULL,
	`card_size` integer DEFAULT 4 NOT NULL,
	`tee_interval_minutes` integer DEFAULT 10 NOT NULL,
	`card_mode` text DEFAULT 'random' NOT NULL,
	`card_start` text DEFAULT 'shotgun' NOT NULL,
	`money_visibility` text DEFAULT 'everyone' NOT NULL,
	`divisions` text,
	`bag_tags` text DEFAULT 'off' NOT NULL,
	`tag_count` integer DEFAULT 50 NOT NULL,
	`tag_expiry_weeks` integer DEFAULT 0 NOT NULL,
	`cali_rule` text DEFAULT 'best_of_two' NOT NULL,
	`distance_unit` text DEFAULT 'ft' NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`league_id` integer NOT NULL,
	`at` integer DEFAULT (unixepoch()) NOT NULL,
	`actor_user_id` integer,
	`actor_name` text,
	`actor_role` text,
	`table_name` text NOT NULL,
	`row_id` integer NOT NULL,
	`action` text NOT NULL,
	`player_id` integer,
	`other_player_id` integer,
	`round_id` integer,
	`before` text,
	`after` text,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `courses` (`id`, `league_id`, `name`, `place`, `created_at`) SELECT `id`, 1, `name`, `place`, `created_at` FROM `__old_courses`;
--> statement-breakpoint
INSERT INTO `layouts` (`id`, `league_id`, `course_id`, `name`, `hole_count`, `version`, `created_at`) SELECT `id`, 1, `course_id`, `name`, `hole_count`, `version`, `created_at` FROM `__old_layouts`;
--> statement-breakpoint
INSERT INTO `layout_holes` (`league_id`, `layout_id`, `hole`, `par`, `distance_feet`, `second_card_order`) SELECT 1, `layout_id`, `hole`, `par`, `distance_feet`, `second_card_order` FROM `__old_layout_holes`;
--> statement-breakpoint
INSERT INTO `players` (`id`, `league_id`, `fn`, `ln`, `pdga`, `division`, `inactive`, `created_by_user_id`, `created_at`) SELECT `id`, 1, `fn`, `ln`, `pdga`, `division`, `inactive`, `created_by_user_id`, `created_at` FROM `__old_players`;
--> statement-breakpoint
INSERT INTO `player_stats` (`player_id`, `league_id`, `round_count`, `score_sum`, `wins`, `best_score`, `credit_cents`) SELECT `player_id`, 1, `round_count`, `score_sum`, `wins`, `best_score`, `credit_cents` FROM `__old_player_stats`;
--> statement-breakpoint
INSERT INTO `rounds` (`id`, `league_id`, `d`, `n`, `loc`, `fee_pdga_cents`, `fee_course_cents`, `fee_other_cents`, `ace_cents`, `payout_cents`, `pdga_url`, `open_for_registration`, `layout_id`, `cards_published_at`, `cards_version`, `field_cap`, `division_caps`, `counts_for_tags`, `doubles`, `teams_version`, `version`, `created_at`) SELECT `id`, 1, `d`, `n`, `loc`, `fee_pdga_cents`, `fee_course_cents`, `fee_other_cents`, `ace_cents`, `payout_cents`, `pdga_url`, `open_for_registration`, `layout_id`, `cards_published_at`, `cards_version`, `field_cap`, `division_caps`, `counts_for_tags`, `doubles`, `teams_version`, `version`, `created_at` FROM `__old_rounds`;
--> statement-breakpoint
INSERT INTO `round_stats` (`round_id`, `league_id`, `ace_entries`) SELECT `round_id`, 1, `ace_entries` FROM `__old_round_stats`;
--> statement-breakpoint
INSERT INTO `payments` (`id`, `league_id`, `user_id`, `round_id`, `player_id`, `method`, `status`, `amount_cents`, `league_fee_cents`, `provider_fee_cents`, `credit_used_cents`, `ace_opt_in`, `division`, `transaction_id`, `capture_id`, `request_key`, `side_pot_ids`, `payment_data`, `void_reason`, `voided_at`, `created_at`, `updated_at`) SELECT `id`, 1, `user_id`, `round_id`, `player_id`, `method`, `status`, `amount_cents`, `league_fee_cents`, `provider_fee_cents`, `credit_used_cents`, `ace_opt_in`, `division`, `transaction_id`, `capture_id`, `request_key`, `side_pot_ids`, `payment_data`, `void_reason`, `voided_at`, `created_at`, `updated_at` FROM `__old_payments`;
--> statement-breakpoint
INSERT INTO `entries` (`id`, `league_id`, `round_id`, `player_id`, `division`, `ace`, `score`, `dnf`, `payout_cents`, `payout_adjust_cents`, `credit_added_cents`, `credit_used_cents`, `credited_for_cents`, `payment_id`, `result`, `rating`, `checked_in_at`, `checked_in_by`, `team`, `version`, `created_at`) SELECT `id`, 1, `round_id`, `player_id`, `division`, `ace`, `score`, `dnf`, `payout_cents`, `payout_adjust_cents`, `credit_added_cents`, `credit_used_cents`, `credited_for_cents`, `payment_id`, `result`, `rating`, `checked_in_at`, `checked_in_by`, `team`, `version`, `created_at` FROM `__old_entries`;
--> statement-breakpoint
INSERT INTO `cards` (`id`, `league_id`, `round_id`, `number`, `start_hole`, `start_slot`, `tee_time`, `started_at`, `created_at`) SELECT `id`, 1, `round_id`, `number`, `start_hole`, `start_slot`, `tee_time`, `started_at`, `created_at` FROM `__old_cards`;
--> statement-breakpoint
INSERT INTO `card_players` (`entry_id`, `league_id`, `card_id`, `position`) SELECT `entry_id`, 1, `card_id`, `position` FROM `__old_card_players`;
--> statement-breakpoint
INSERT INTO `payment_refunds` (`id`, `league_id`, `payment_id`, `kind`, `provider_refund_id`, `amount_cents`, `resolution`, `resolved_at`, `created_at`) SELECT `id`, 1, `payment_id`, `kind`, `provider_refund_id`, `amount_cents`, `resolution`, `resolved_at`, `created_at` FROM `__old_payment_refunds`;
--> statement-breakpoint
INSERT INTO `transfers` (`id`, `league_id`, `d`, `from_player_id`, `to_player_id`, `amt_cents`, `description`, `payment_id`, `excess_payment_id`, `created_at`) SELECT `id`, 1, `d`, `from_player_id`, `to_player_id`, `amt_cents`, `description`, `payment_id`, `excess_payment_id`, `created_at` FROM `__old_transfers`;
--> statement-breakpoint
INSERT INTO `aces` (`id`, `league_id`, `d`, `player_id`, `round_id`, `amt_cents`, `created_at`) SELECT `id`, 1, `d`, `player_id`, `round_id`, `amt_cents`, `created_at` FROM `__old_aces`;
--> statement-breakpoint
INSERT INTO `claims` (`id`, `league_id`, `user_id`, `player_id`, `status`, `note`, `created_at`, `updated_at`, `approved_at`, `rejected_at`) SELECT `id`, 1, `user_id`, `player_id`, `status`, `note`, `created_at`, `updated_at`, `approved_at`, `rejected_at` FROM `__old_claims`;
--> statement-breakpoint
INSERT INTO `side_pots` (`id`, `league_id`, `round_id`, `name`, `kind`, `buy_in_cents`, `holes`, `settled_at`, `carried_in_cents`, `prize_cents`, `created_at`) SELECT `id`, 1, `round_id`, `name`, `kind`, `buy_in_cents`, `holes`, `settled_at`, `carried_in_cents`, `prize_cents`, `created_at` FROM `__old_side_pots`;
--> statement-breakpoint
INSERT INTO `side_pot_players` (`league_id`, `pot_id`, `entry_id`, `created_at`) SELECT 1, `pot_id`, `entry_id`, `created_at` FROM `__old_side_pot_players`;
--> statement-breakpoint
INSERT INTO `side_pot_marks` (`league_id`, `pot_id`, `hole`, `entry_id`, `distance_cm`, `settled`, `by_user_id`, `at`) SELECT 1, `pot_id`, `hole`, `entry_id`, `distance_cm`, `settled`, `by_user_id`, `at` FROM `__old_side_pot_marks`;
--> statement-breakpoint
INSERT INTO `side_pot_wins` (`league_id`, `pot_id`, `hole`, `entry_id`, `amount_cents`) SELECT 1, `pot_id`, `hole`, `entry_id`, `amount_cents` FROM `__old_side_pot_wins`;
--> statement-breakpoint
INSERT INTO `tag_moves` (`id`, `league_id`, `tag`, `from_player_id`, `to_player_id`, `round_id`, `reason`, `at`, `actor_user_id`, `actor_name`, `actor_role`, `created_at`) SELECT `id`, 1, `tag`, `from_player_id`, `to_player_id`, `round_id`, `reason`, `at`, `actor_user_id`, `actor_name`, `actor_role`, `created_at` FROM `__old_tag_moves`;
--> statement-breakpoint
INSERT INTO `waitlist` (`id`, `league_id`, `round_id`, `player_id`, `user_id`, `division`, `ace`, `auto_confirm`, `status`, `offered_at`, `offer_expires_at`, `closed_at`, `created_at`) SELECT `id`, 1, `round_id`, `player_id`, `user_id`, `division`, `ace`, `auto_confirm`, `status`, `offered_at`, `offer_expires_at`, `closed_at`, `created_at` FROM `__old_waitlist`;
--> statement-breakpoint
INSERT INTO `waitlist_notices` (`id`, `league_id`, `waitlist_id`, `kind`, `mailed_at`, `created_at`) SELECT `id`, 1, `waitlist_id`, `kind`, `mailed_at`, `created_at` FROM `__old_waitlist_notices`;
--> statement-breakpoint
INSERT INTO `registration_mails` (`league_id`, `round_id`, `user_id`, `day`, `mailed_at`, `created_at`) SELECT 1, `round_id`, `user_id`, `day`, `mailed_at`, `created_at` FROM `__old_registration_mails`;
--> statement-breakpoint
INSERT INTO `card_mails` (`league_id`, `round_id`, `user_id`, `published_at`, `mailed_at`, `created_at`) SELECT 1, `round_id`, `user_id`, `published_at`, `mailed_at`, `created_at` FROM `__old_card_mails`;
--> statement-breakpoint
INSERT INTO `league_settings` (`league_id`, `points_first`, `points_step`, `points_floor`, `points_participation`, `standings_best_n`, `handicap_rounds`, `handicap_percent`, `handicap_par`, `check_in_opens_minutes`, `card_size`, `tee_interval_minutes`, `card_mode`, `card_start`, `money_visibility`, `divisions`, `bag_tags`, `tag_count`, `tag_expiry_weeks`, `cali_rule`, `distance_unit`, `updated_at`) SELECT 1, `points_first`, `points_step`, `points_floor`, `points_participation`, `standings_best_n`, `handicap_rounds`, `handicap_percent`, `handicap_par`, `check_in_opens_minutes`, `card_size`, `tee_interval_minutes`, `card_mode`, `card_start`, `money_visibility`, `divisions`, `bag_tags`, `tag_count`, `tag_expiry_weeks`, `cali_rule`, `distance_unit`, `updated_at` FROM `__old_league_settings`;
--> statement-breakpoint
INSERT INTO `audit_log` (`id`, `league_id`, `at`, `actor_user_id`, `actor_name`, `actor_role`, `table_name`, `row_id`, `action`, `player_id`, `other_player_id`, `round_id`, `before`, `after`) SELECT `id`, 1, `at`, `actor_user_id`, `actor_name`, `actor_role`, `table_name`, `row_id`, `action`, `player_id`, `other_player_id`, `round_id`, `before`, `after` FROM `__old_audit_log`;
--> statement-breakpoint
UPDATE `sqlite_sequence` SET `seq` = (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = '__old_courses') WHERE `name` = 'courses' AND `seq` < (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = '__old_courses');
--> statement-breakpoint
UPDATE `sqlite_sequence` SET `seq` = (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = '__old_layouts') WHERE `name` = 'layouts' AND `seq` < (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = '__old_layouts');
--> statement-breakpoint
UPDATE `sqlite_sequence` SET `seq` = (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = '__old_players') WHERE `name` = 'players' AND `seq` < (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = '__old_players');
--> statement-breakpoint
UPDATE `sqlite_sequence` SET `seq` = (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = '__old_rounds') WHERE `name` = 'rounds' AND `seq` < (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = '__old_rounds');
--> statement-breakpoint
UPDATE `sqlite_sequence` SET `seq` = (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = '__old_payments') WHERE `name` = 'payments' AND `seq` < (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = '__old_payments');
--> statement-breakpoint
UPDATE `sqlite_sequence` SET `seq` = (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = '__old_entries') WHERE `name` = 'entries' AND `seq` < (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = '__old_entries');
--> statement-breakpoint
UPDATE `sqlite_sequence` SET `seq` = (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = '__old_cards') WHERE `name` = 'cards' AND `seq` < (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = '__old_cards');
--> statement-breakpoint
UPDATE `sqlite_sequence` SET `seq` = (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = '__old_payment_refunds') WHERE `name` = 'payment_refunds' AND `seq` < (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = '__old_payment_refunds');
--> statement-breakpoint
UPDATE `sqlite_sequence` SET `seq` = (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = '__old_transfers') WHERE `name` = 'transfers' AND `seq` < (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = '__old_transfers');
--> statement-breakpoint
UPDATE `sqlite_sequence` SET `seq` = (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = '__old_aces') WHERE `name` = 'aces' AND `seq` < (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = '__old_aces');
--> statement-breakpoint
UPDATE `sqlite_sequence` SET `seq` = (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = '__old_claims') WHERE `name` = 'claims' AND `seq` < (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = '__old_claims');
--> statement-breakpoint
UPDATE `sqlite_sequence` SET `seq` = (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = '__old_side_pots') WHERE `name` = 'side_pots' AND `seq` < (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = '__old_side_pots');
--> statement-breakpoint
UPDATE `sqlite_sequence` SET `seq` = (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = '__old_tag_moves') WHERE `name` = 'tag_moves' AND `seq` < (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = '__old_tag_moves');
--> statement-breakpoint
UPDATE `sqlite_sequence` SET `seq` = (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = '__old_waitlist') WHERE `name` = 'waitlist' AND `seq` < (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = '__old_waitlist');
--> statement-breakpoint
UPDATE `sqlite_sequence` SET `seq` = (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = '__old_waitlist_notices') WHERE `name` = 'waitlist_notices' AND `seq` < (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = '__old_waitlist_notices');
--> statement-breakpoint
UPDATE `sqlite_sequence` SET `seq` = (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = '__old_audit_log') WHERE `name` = 'audit_log' AND `seq` < (SELECT `seq` FROM `sqlite_sequence` WHERE `name` = '__old_audit_log');
--> statement-breakpoint
DROP TABLE `__old_audit_log`;
--> statement-breakpoint
DROP TABLE `__old_league_settings`;
--> statement-breakpoint
DROP TABLE `__old_card_mails`;
--> statement-breakpoint
DROP TABLE `__old_registration_mails`;
--> statement-breakpoint
DROP TABLE `__old_waitlist_notices`;
--> statement-breakpoint
DROP TABLE `__old_waitlist`;
--> statement-breakpoint
DROP TABLE `__old_tag_moves`;
--> statement-breakpoint
DROP TABLE `__old_side_pot_wins`;
--> statement-breakpoint
DROP TABLE `__old_side_pot_marks`;
--> statement-breakpoint
DROP TABLE `__old_side_pot_players`;
--> statement-breakpoint
DROP TABLE `__old_side_pots`;
--> statement-breakpoint
DROP TABLE `__old_claims`;
--> statement-breakpoint
DROP TABLE `__old_aces`;
--> statement-breakpoint
DROP TABLE `__old_transfers`;
--> statement-breakpoint
DROP TABLE `__old_payment_refunds`;
--> statement-breakpoint
DROP TABLE `__old_card_players`;
--> statement-breakpoint
DROP TABLE `__old_cards`;
--> statement-breakpoint
DROP TABLE `__old_entries`;
--> statement-breakpoint
DROP TABLE `__old_payments`;
--> statement-breakpoint
DROP TABLE `__old_round_stats`;
--> statement-breakpoint
DROP TABLE `__old_rounds`;
--> statement-breakpoint
DROP TABLE `__old_player_stats`;
--> statement-breakpoint
DROP TABLE `__old_players`;
--> statement-breakpoint
DROP TABLE `__old_layout_holes`;
--> statement-breakpoint
DROP TABLE `__old_layouts`;
--> statement-breakpoint
DROP TABLE `__old_courses`;
--> statement-breakpoint
CREATE UNIQUE INDEX `courses_name_uq` ON `courses` (`league_id`,`name`);
--> statement-breakpoint
CREATE UNIQUE INDEX `layouts_course_name_uq` ON `layouts` (`league_id`,`course_id`,`name`);
--> statement-breakpoint
CREATE INDEX `players_name_idx` ON `players` (`ln`,`fn`);
--> statement-breakpoint
CREATE INDEX `players_created_by_idx` ON `players` (`created_by_user_id`);
--> statement-breakpoint
CREATE INDEX `rounds_d_idx` ON `rounds` (`d`);
--> statement-breakpoint
CREATE INDEX `rounds_layout_idx` ON `rounds` (`layout_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_transaction_uq` ON `payments` (`league_id`,`transaction_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_capture_uq` ON `payments` (`league_id`,`capture_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_request_key_uq` ON `payments` (`league_id`,`request_key`);
--> statement-breakpoint
CREATE INDEX `payments_user_idx` ON `payments` (`user_id`);
--> statement-breakpoint
CREATE INDEX `payments_round_idx` ON `payments` (`round_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `entries_round_player_uq` ON `entries` (`league_id`,`round_id`,`player_id`);
--> statement-breakpoint
CREATE INDEX `entries_player_credit_idx` ON `entries` (`player_id`,`credit_added_cents`,`credit_used_cents`);
--> statement-breakpoint
CREATE INDEX `entries_round_ace_idx` ON `entries` (`round_id`,`ace`);
--> statement-breakpoint
CREATE INDEX `entries_player_stats_idx` ON `entries` (`player_id`,`score`,`round_id`,`result`);
--> statement-breakpoint
CREATE INDEX `entries_round_score_idx` ON `entries` (`round_id`,`score`,`player_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `cards_round_number_uq` ON `cards` (`league_id`,`round_id`,`number`);
--> statement-breakpoint
CREATE INDEX `card_players_card_idx` ON `card_players` (`card_id`,`position`);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_refunds_provider_uq` ON `payment_refunds` (`league_id`,`provider_refund_id`);
--> statement-breakpoint
CREATE INDEX `payment_refunds_payment_idx` ON `payment_refunds` (`payment_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `transfers_payment_uq` ON `transfers` (`league_id`,`payment_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `transfers_excess_payment_uq` ON `transfers` (`league_id`,`excess_payment_id`);
--> statement-breakpoint
CREATE INDEX `transfers_from_idx` ON `transfers` (`from_player_id`,`amt_cents`);
--> statement-breakpoint
CREATE INDEX `transfers_to_idx` ON `transfers` (`to_player_id`,`amt_cents`);
--> statement-breakpoint
CREATE INDEX `transfers_d_idx` ON `transfers` (`d`);
--> statement-breakpoint
CREATE INDEX `aces_d_idx` ON `aces` (`d`);
--> statement-breakpoint
CREATE INDEX `aces_round_idx` ON `aces` (`round_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `claims_player_approved_uq` ON `claims` (`league_id`,`player_id`) WHERE status = 'approved';
--> statement-breakpoint
CREATE UNIQUE INDEX `claims_user_open_uq` ON `claims` (`league_id`,`user_id`) WHERE status in ('pending', 'approved', 'conflict');
--> statement-breakpoint
CREATE INDEX `claims_user_idx` ON `claims` (`user_id`);
--> statement-breakpoint
CREATE INDEX `claims_status_idx` ON `claims` (`status`);
--> statement-breakpoint
CREATE INDEX `claims_player_idx` ON `claims` (`player_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `side_pots_round_name_uq` ON `side_pots` (`league_id`,`round_id`,`name`);
--> statement-breakpoint
CREATE INDEX `side_pots_name_idx` ON `side_pots` (`name`,`settled_at`);
--> statement-breakpoint
CREATE INDEX `side_pot_players_entry_idx` ON `side_pot_players` (`entry_id`);
--> statement-breakpoint
CREATE INDEX `side_pot_marks_entry_idx` ON `side_pot_marks` (`entry_id`);
--> statement-breakpoint
CREATE INDEX `side_pot_wins_entry_idx` ON `side_pot_wins` (`entry_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `tag_moves_round_tag_uq` ON `tag_moves` (`league_id`,`round_id`,`tag`) WHERE round_id is not null;
--> statement-breakpoint
CREATE INDEX `tag_moves_tag_idx` ON `tag_moves` (`tag`,`at`,`id`);
--> statement-breakpoint
CREATE INDEX `tag_moves_at_idx` ON `tag_moves` (`at`,`id`);
--> statement-breakpoint
CREATE INDEX `tag_moves_to_idx` ON `tag_moves` (`to_player_id`);
--> statement-breakpoint
CREATE INDEX `tag_moves_from_idx` ON `tag_moves` (`from_player_id`);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_open_uq` ON `waitlist` (`league_id`,`round_id`,`player_id`) WHERE status in ('waiting', 'offered');
--> statement-breakpoint
CREATE INDEX `waitlist_round_status_idx` ON `waitlist` (`round_id`,`status`);
--> statement-breakpoint
CREATE INDEX `waitlist_user_idx` ON `waitlist` (`user_id`);
--> statement-breakpoint
CREATE INDEX `waitlist_notices_unmailed_idx` ON `waitlist_notices` (`mailed_at`);
--> statement-breakpoint
CREATE INDEX `waitlist_notices_waitlist_idx` ON `waitlist_notices` (`waitlist_id`);
--> statement-breakpoint
CREATE INDEX `audit_log_player_idx` ON `audit_log` (`player_id`,`id`);
--> statement-breakpoint
CREATE INDEX `audit_log_other_player_idx` ON `audit_log` (`other_player_id`,`id`);
--> statement-breakpoint
CREATE INDEX `audit_log_round_idx` ON `audit_log` (`round_id`,`id`);
--> statement-breakpoint
CREATE INDEX `audit_log_actor_idx` ON `audit_log` (`actor_user_id`,`id`);
--> statement-breakpoint
CREATE TRIGGER `audit_aces_delete` AFTER DELETE ON `aces` BEGIN
  INSERT INTO audit_log (league_id, actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES (OLD.league_id, (SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'aces', OLD.id, 'delete', OLD.player_id, NULL, OLD.round_id, json_object('d', OLD.d, 'player_id', OLD.player_id, 'round_id', OLD.round_id, 'amt_cents', OLD.amt_cents), NULL);
END;;
--> statement-breakpoint
CREATE TRIGGER `audit_aces_insert` AFTER INSERT ON `aces` BEGIN
  INSERT INTO audit_log (league_id, actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES (NEW.league_id, (SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'aces', NEW.id, 'insert', NEW.player_id, NULL, NEW.round_id, NULL, json_object('d', NEW.d, 'player_id', NEW.player_id, 'round_id', NEW.round_id, 'amt_cents', NEW.amt_cents));
END;;
--> statement-breakpoint
CREATE TRIGGER `audit_aces_update` AFTER UPDATE ON `aces`
  WHEN NEW.d IS NOT OLD.d OR NEW.player_id IS NOT OLD.player_id OR NEW.round_id IS NOT OLD.round_id OR NEW.amt_cents IS NOT OLD.amt_cents BEGIN
  INSERT INTO audit_log (league_id, actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES (NEW.league_id, (SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'aces', NEW.id, 'update', NEW.player_id, NULL, NEW.round_id, json_object('d', OLD.d, 'player_id', OLD.player_id, 'round_id', OLD.round_id, 'amt_cents', OLD.amt_cents), json_object('d', NEW.d, 'player_id', NEW.player_id, 'round_id', NEW.round_id, 'amt_cents', NEW.amt_cents));
END;;
--> statement-breakpoint
CREATE TRIGGER `audit_log_no_delete` BEFORE DELETE ON `audit_log` BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;;
--> statement-breakpoint
CREATE TRIGGER `audit_log_no_update` BEFORE UPDATE ON `audit_log` BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;;
--> statement-breakpoint
CREATE TRIGGER `audit_entries_delete` AFTER DELETE ON `entries` BEGIN
  INSERT INTO audit_log (league_id, actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES (OLD.league_id, (SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'entries', OLD.id, 'delete', OLD.player_id, NULL, OLD.round_id, json_object('division', OLD.division, 'score', OLD.score, 'ace', OLD.ace, 'payout_cents', OLD.payout_cents, 'payout_adjust_cents', OLD.payout_adjust_cents, 'credit_added_cents', OLD.credit_added_cents, 'credit_used_cents', OLD.credit_used_cents, 'payment_id', OLD.payment_id), NULL);
END;;
--> statement-breakpoint
CREATE TRIGGER `audit_entries_insert` AFTER INSERT ON `entries` BEGIN
  INSERT INTO audit_log (league_id, actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES (NEW.league_id, (SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'entries', NEW.id, 'insert', NEW.player_id, NULL, NEW.round_id, NULL, json_object('division', NEW.division, 'score', NEW.score, 'ace', NEW.ace, 'payout_cents', NEW.payout_cents, 'payout_adjust_cents', NEW.payout_adjust_cents, 'credit_added_cents', NEW.credit_added_cents, 'credit_used_cents', NEW.credit_used_cents, 'payment_id', NEW.payment_id));
END;;
--> statement-breakpoint
CREATE TRIGGER `audit_entries_update` AFTER UPDATE OF `division`, `ace`, `payout_cents`, `payout_adjust_cents`, `credit_added_cents`, `credit_used_cents`, `payment_id` ON `entries`
  WHEN NEW.division IS NOT OLD.division OR NEW.ace IS NOT OLD.ace OR NEW.payout_cents IS NOT OLD.payout_cents OR NEW.payout_adjust_cents IS NOT OLD.payout_adjust_cents OR NEW.credit_added_cents IS NOT OLD.credit_added_cents OR NEW.credit_used_cents IS NOT OLD.credit_used_cents OR NEW.payment_id IS NOT OLD.payment_id BEGIN
  INSERT INTO audit_log (league_id, actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES (NEW.league_id, (SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'entries', NEW.id, 'update', NEW.player_id, NULL, NEW.round_id, json_object('division', OLD.division, 'score', OLD.score, 'ace', OLD.ace, 'payout_cents', OLD.payout_cents, 'payout_adjust_cents', OLD.payout_adjust_cents, 'credit_added_cents', OLD.credit_added_cents, 'credit_used_cents', OLD.credit_used_cents, 'payment_id', OLD.payment_id), json_object('division', NEW.division, 'score', NEW.score, 'ace', NEW.ace, 'payout_cents', NEW.payout_cents, 'payout_adjust_cents', NEW.payout_adjust_cents, 'credit_added_cents', NEW.credit_added_cents, 'credit_used_cents', NEW.credit_used_cents, 'payment_id', NEW.payment_id));
END;;
--> statement-breakpoint
CREATE TRIGGER `entries_round_stats_delete` AFTER DELETE ON `entries` BEGIN
  UPDATE `round_stats` SET `ace_entries` = `ace_entries` - (OLD.ace = 1) WHERE `round_id` = OLD.round_id;
END;;
--> statement-breakpoint
CREATE TRIGGER `entries_round_stats_insert` AFTER INSERT ON `entries` BEGIN
  INSERT INTO `round_stats` (`league_id`, `round_id`, `ace_entries`) VALUES (NEW.league_id, NEW.round_id, NEW.ace = 1)
  ON CONFLICT (`round_id`) DO UPDATE SET `ace_entries` = `ace_entries` + excluded.`ace_entries`;
END;;
--> statement-breakpoint
CREATE TRIGGER `entries_round_stats_update` AFTER UPDATE OF `ace`, `round_id` ON `entries` BEGIN
  UPDATE `round_stats` SET `ace_entries` = `ace_entries` - (OLD.ace = 1) WHERE `round_id` = OLD.round_id;
  INSERT INTO `round_stats` (`league_id`, `round_id`, `ace_entries`) VALUES (NEW.league_id, NEW.round_id, NEW.ace = 1)
  ON CONFLICT (`round_id`) DO UPDATE SET `ace_entries` = `ace_entries` + excluded.`ace_entries`;
END;;
--> statement-breakpoint
CREATE TRIGGER `entries_stats_delete` AFTER DELETE ON `entries` BEGIN
  UPDATE `player_stats` SET
    `round_count` = `round_count` - (OLD.score > 0),
    `score_sum` = `score_sum` - CASE WHEN OLD.score > 0 THEN OLD.score ELSE 0 END,
    `wins` = `wins` - (OLD.score > 0 AND coalesce(OLD.result, '') LIKE '1/%'),
    `best_score` = (SELECT min(score) FROM entries WHERE league_id = OLD.league_id AND player_id = OLD.player_id AND score > 0),
    `credit_cents` = `credit_cents` - (OLD.credit_added_cents - OLD.credit_used_cents)
  WHERE `player_id` = OLD.player_id;
END;;
--> statement-breakpoint
CREATE TRIGGER `entries_stats_insert` AFTER INSERT ON `entries` BEGIN
  INSERT INTO `player_stats` (`league_id`, `player_id`, `round_count`, `score_sum`, `wins`, `best_score`, `credit_cents`)
  VALUES (
    NEW.league_id, NEW.player_id,
    NEW.score > 0,
    CASE WHEN NEW.score > 0 THEN NEW.score ELSE 0 END,
    NEW.score > 0 AND coalesce(NEW.result, '') LIKE '1/%',
    (SELECT min(score) FROM entries WHERE league_id = NEW.league_id AND player_id = NEW.player_id AND score > 0),
    NEW.credit_added_cents - NEW.credit_used_cents
  )
  ON CONFLICT (`player_id`) DO UPDATE SET
    `round_count` = `round_count` + excluded.`round_count`,
    `score_sum` = `score_sum` + excluded.`score_sum`,
    `wins` = `wins` + excluded.`wins`,
    `best_score` = excluded.`best_score`,
    `credit_cents` = `credit_cents` + excluded.`credit_cents`;
END;;
--> statement-breakpoint
CREATE TRIGGER `entries_stats_update` AFTER UPDATE OF `player_id`, `score`, `result`, `credit_added_cents`, `credit_used_cents` ON `entries` BEGIN
  UPDATE `player_stats` SET
    `round_count` = `round_count` - (OLD.score > 0),
    `score_sum` = `score_sum` - CASE WHEN OLD.score > 0 THEN OLD.score ELSE 0 END,
    `wins` = `wins` - (OLD.score > 0 AND coalesce(OLD.result, '') LIKE '1/%'),
    `best_score` = (SELECT min(score) FROM entries WHERE league_id = OLD.league_id AND player_id = OLD.player_id AND score > 0),
    `credit_cents` = `credit_cents` - (OLD.credit_added_cents - OLD.credit_used_cents)
  WHERE `player_id` = OLD.player_id;
  INSERT INTO `player_stats` (`league_id`, `player_id`, `round_count`, `score_sum`, `wins`, `best_score`, `credit_cents`)
  VALUES (
    NEW.league_id, NEW.player_id,
    NEW.score > 0,
    CASE WHEN NEW.score > 0 THEN NEW.score ELSE 0 END,
    NEW.score > 0 AND coalesce(NEW.result, '') LIKE '1/%',
    (SELECT min(score) FROM entries WHERE league_id = NEW.league_id AND player_id = NEW.player_id AND score > 0),
    NEW.credit_added_cents - NEW.credit_used_cents
  )
  ON CONFLICT (`player_id`) DO UPDATE SET
    `round_count` = `round_count` + excluded.`round_count`,
    `score_sum` = `score_sum` + excluded.`score_sum`,
    `wins` = `wins` + excluded.`wins`,
    `best_score` = excluded.`best_score`,
    `credit_cents` = `credit_cents` + excluded.`credit_cents`;
END;;
--> statement-breakpoint
CREATE TRIGGER `entries_version` AFTER UPDATE OF `division`, `ace`, `score`, `dnf`, `payout_cents`, `payout_adjust_cents`, `credit_added_cents`, `credit_used_cents`, `payment_id` ON `entries`
  WHEN NEW.version = OLD.version AND (NEW.division IS NOT OLD.division OR NEW.ace IS NOT OLD.ace OR NEW.score IS NOT OLD.score OR NEW.dnf IS NOT OLD.dnf OR NEW.payout_cents IS NOT OLD.payout_cents OR NEW.payout_adjust_cents IS NOT OLD.payout_adjust_cents OR NEW.credit_added_cents IS NOT OLD.credit_added_cents OR NEW.credit_used_cents IS NOT OLD.credit_used_cents OR NEW.payment_id IS NOT OLD.payment_id) BEGIN
  UPDATE `entries` SET `version` = OLD.version + 1 WHERE `id` = NEW.id;
END;;
--> statement-breakpoint
CREATE TRIGGER `waitlist_entered` AFTER INSERT ON `entries` BEGIN
  UPDATE `waitlist` SET `status` = 'entered', `closed_at` = unixepoch()
    WHERE `league_id` = NEW.league_id AND `round_id` = NEW.round_id AND `player_id` = NEW.player_id AND `status` IN ('waiting', 'offered');
END;;
--> statement-breakpoint
CREATE TRIGGER `audit_refunds_delete` AFTER DELETE ON `payment_refunds` BEGIN
  INSERT INTO audit_log (league_id, actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES (OLD.league_id, (SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'payment_refunds', OLD.id, 'delete', (SELECT player_id FROM payments WHERE id = OLD.payment_id), NULL, (SELECT round_id FROM payments WHERE id = OLD.payment_id), json_object('kind', OLD.kind, 'amount_cents', OLD.amount_cents, 'provider_refund_id', OLD.provider_refund_id, 'resolution', OLD.resolution), NULL);
END;;
--> statement-breakpoint
CREATE TRIGGER `audit_refunds_insert` AFTER INSERT ON `payment_refunds` BEGIN
  INSERT INTO audit_log (league_id, actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES (NEW.league_id, (SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'payment_refunds', NEW.id, 'insert', (SELECT player_id FROM payments WHERE id = NEW.payment_id), NULL, (SELECT round_id FROM payments WHERE id = NEW.payment_id), NULL, json_object('kind', NEW.kind, 'amount_cents', NEW.amount_cents, 'provider_refund_id', NEW.provider_refund_id, 'resolution', NEW.resolution));
END;;
--> statement-breakpoint
CREATE TRIGGER `audit_refunds_update` AFTER UPDATE ON `payment_refunds`
  WHEN NEW.kind IS NOT OLD.kind OR NEW.amount_cents IS NOT OLD.amount_cents OR NEW.provider_refund_id IS NOT OLD.provider_refund_id OR NEW.resolution IS NOT OLD.resolution BEGIN
  INSERT INTO audit_log (league_id, actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES (NEW.league_id, (SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'payment_refunds', NEW.id, 'update', (SELECT player_id FROM payments WHERE id = NEW.payment_id), NULL, (SELECT round_id FROM payments WHERE id = NEW.payment_id), json_object('kind', OLD.kind, 'amount_cents', OLD.amount_cents, 'provider_refund_id', OLD.provider_refund_id, 'resolution', OLD.resolution), json_object('kind', NEW.kind, 'amount_cents', NEW.amount_cents, 'provider_refund_id', NEW.provider_refund_id, 'resolution', NEW.resolution));
END;;
--> statement-breakpoint
CREATE TRIGGER `audit_payments_delete` AFTER DELETE ON `payments` BEGIN
  INSERT INTO audit_log (league_id, actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES (OLD.league_id, (SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'payments', OLD.id, 'delete', OLD.player_id, NULL, OLD.round_id, json_object('method', OLD.method, 'status', OLD.status, 'amount_cents', OLD.amount_cents, 'league_fee_cents', OLD.league_fee_cents, 'provider_fee_cents', OLD.provider_fee_cents, 'credit_used_cents', OLD.credit_used_cents, 'capture_id', OLD.capture_id, 'void_reason', OLD.void_reason), NULL);
END;;
--> statement-breakpoint
CREATE TRIGGER `audit_payments_insert` AFTER INSERT ON `payments` BEGIN
  INSERT INTO audit_log (league_id, actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES (NEW.league_id, (SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'payments', NEW.id, 'insert', NEW.player_id, NULL, NEW.round_id, NULL, json_object('method', NEW.method, 'status', NEW.status, 'amount_cents', NEW.amount_cents, 'league_fee_cents', NEW.league_fee_cents, 'provider_fee_cents', NEW.provider_fee_cents, 'credit_used_cents', NEW.credit_used_cents, 'capture_id', NEW.capture_id, 'void_reason', NEW.void_reason));
END;;
--> statement-breakpoint
CREATE TRIGGER `audit_payments_update` AFTER UPDATE OF `method`, `status`, `amount_cents`, `league_fee_cents`, `provider_fee_cents`, `credit_used_cents`, `capture_id`, `void_reason` ON `payments`
  WHEN NEW.method IS NOT OLD.method OR NEW.status IS NOT OLD.status OR NEW.amount_cents IS NOT OLD.amount_cents OR NEW.league_fee_cents IS NOT OLD.league_fee_cents OR NEW.provider_fee_cents IS NOT OLD.provider_fee_cents OR NEW.credit_used_cents IS NOT OLD.credit_used_cents OR NEW.capture_id IS NOT OLD.capture_id OR NEW.void_reason IS NOT OLD.void_reason BEGIN
  INSERT INTO audit_log (league_id, actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES (NEW.league_id, (SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'payments', NEW.id, 'update', NEW.player_id, NULL, NEW.round_id, json_object('method', OLD.method, 'status', OLD.status, 'amount_cents', OLD.amount_cents, 'league_fee_cents', OLD.league_fee_cents, 'provider_fee_cents', OLD.provider_fee_cents, 'credit_used_cents', OLD.credit_used_cents, 'capture_id', OLD.capture_id, 'void_reason', OLD.void_reason), json_object('method', NEW.method, 'status', NEW.status, 'amount_cents', NEW.amount_cents, 'league_fee_cents', NEW.league_fee_cents, 'provider_fee_cents', NEW.provider_fee_cents, 'credit_used_cents', NEW.credit_used_cents, 'capture_id', NEW.capture_id, 'void_reason', NEW.void_reason));
END;;
--> statement-breakpoint
CREATE TRIGGER `audit_rounds_update` AFTER UPDATE OF `d`, `fee_pdga_cents`, `fee_course_cents`, `fee_other_cents`, `ace_cents`, `payout_cents` ON `rounds`
  WHEN NEW.d IS NOT OLD.d OR NEW.fee_pdga_cents IS NOT OLD.fee_pdga_cents OR NEW.fee_course_cents IS NOT OLD.fee_course_cents OR NEW.fee_other_cents IS NOT OLD.fee_other_cents OR NEW.ace_cents IS NOT OLD.ace_cents OR NEW.payout_cents IS NOT OLD.payout_cents BEGIN
  INSERT INTO audit_log (league_id, actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES (NEW.league_id, (SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'rounds', NEW.id, 'update', NULL, NULL, NEW.id, json_object('d', OLD.d, 'fee_pdga_cents', OLD.fee_pdga_cents, 'fee_course_cents', OLD.fee_course_cents, 'fee_other_cents', OLD.fee_other_cents, 'ace_cents', OLD.ace_cents, 'payout_cents', OLD.payout_cents), json_object('d', NEW.d, 'fee_pdga_cents', NEW.fee_pdga_cents, 'fee_course_cents', NEW.fee_course_cents, 'fee_other_cents', NEW.fee_other_cents, 'ace_cents', NEW.ace_cents, 'payout_cents', NEW.payout_cents));
END;;
--> statement-breakpoint
CREATE TRIGGER `audit_teams_draw` AFTER UPDATE OF `teams_version` ON `rounds` WHEN NEW.teams_version IS NOT OLD.teams_version BEGIN
  INSERT INTO audit_log (league_id, actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES (NEW.league_id, (SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'teams', NEW.id, 'update', NULL, NULL, NEW.id, NULL,
    json_object('teams', (SELECT json_group_array(x) FROM (SELECT e.team || ':' || group_concat(e.player_id, '+') AS x FROM entries e WHERE e.league_id = NEW.league_id AND e.round_id = NEW.id AND e.team IS NOT NULL GROUP BY e.team ORDER BY e.team))));
END;;
--> statement-breakpoint
CREATE TRIGGER `rounds_version` AFTER UPDATE OF `d`, `n`, `loc`, `fee_pdga_cents`, `fee_course_cents`, `fee_other_cents`, `ace_cents`, `payout_cents`, `pdga_url`, `open_for_registration`, `layout_id`, `field_cap`, `division_caps`, `counts_for_tags`, `doubles` ON `rounds`
  WHEN NEW.version = OLD.version AND (NEW.d IS NOT OLD.d OR NEW.n IS NOT OLD.n OR NEW.loc IS NOT OLD.loc OR NEW.fee_pdga_cents IS NOT OLD.fee_pdga_cents OR NEW.fee_course_cents IS NOT OLD.fee_course_cents OR NEW.fee_other_cents IS NOT OLD.fee_other_cents OR NEW.ace_cents IS NOT OLD.ace_cents OR NEW.payout_cents IS NOT OLD.payout_cents OR NEW.pdga_url IS NOT OLD.pdga_url OR NEW.open_for_registration IS NOT OLD.open_for_registration OR NEW.layout_id IS NOT OLD.layout_id OR NEW.field_cap IS NOT OLD.field_cap OR NEW.division_caps IS NOT OLD.division_caps OR NEW.counts_for_tags IS NOT OLD.counts_for_tags OR NEW.doubles IS NOT OLD.doubles) BEGIN
  UPDATE `rounds` SET `version` = OLD.version + 1 WHERE `id` = NEW.id;
END;;
--> statement-breakpoint
CREATE TRIGGER `audit_side_pot_marks_delete` AFTER DELETE ON `side_pot_marks` BEGIN
  INSERT INTO audit_log (league_id, actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES (OLD.league_id, (SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'side_pot_marks', OLD.pot_id, 'delete', (SELECT player_id FROM entries WHERE id = OLD.entry_id), NULL, (SELECT round_id FROM side_pots WHERE id = OLD.pot_id),
    json_object('pot', (SELECT name FROM side_pots WHERE id = OLD.pot_id), 'hole', OLD.hole, 'distance_cm', OLD.distance_cm, 'settled', OLD.settled), NULL);
END;;
--> statement-breakpoint
CREATE TRIGGER `audit_side_pot_marks_insert` AFTER INSERT ON `side_pot_marks` BEGIN
  INSERT INTO audit_log (league_id, actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES (NEW.league_id, (SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'side_pot_marks', NEW.pot_id, 'insert', (SELECT player_id FROM entries WHERE id = NEW.entry_id), NULL, (SELECT round_id FROM side_pots WHERE id = NEW.pot_id), NULL,
    json_object('pot', (SELECT name FROM side_pots WHERE id = NEW.pot_id), 'hole', NEW.hole, 'distance_cm', NEW.distance_cm, 'settled', NEW.settled));
END;;
--> statement-breakpoint
CREATE TRIGGER `audit_side_pot_marks_update` AFTER UPDATE ON `side_pot_marks`
  WHEN NEW.distance_cm IS NOT OLD.distance_cm OR NEW.settled IS NOT OLD.settled BEGIN
  INSERT INTO audit_log (league_id, actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES (NEW.league_id, (SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'side_pot_marks', NEW.pot_id, 'update', (SELECT player_id FROM entries WHERE id = NEW.entry_id), NULL, (SELECT round_id FROM side_pots WHERE id = NEW.pot_id),
    json_object('hole', OLD.hole, 'distance_cm', OLD.distance_cm, 'settled', OLD.settled),
    json_object('hole', NEW.hole, 'distance_cm', NEW.distance_cm, 'settled', NEW.settled));
END;;
--> statement-breakpoint
CREATE TRIGGER `audit_side_pot_players_delete` AFTER DELETE ON `side_pot_players` BEGIN
  INSERT INTO audit_log (league_id, actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES (OLD.league_id, (SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'side_pot_players', OLD.pot_id, 'delete', (SELECT player_id FROM entries WHERE id = OLD.entry_id), NULL, (SELECT round_id FROM side_pots WHERE id = OLD.pot_id),
    json_object('pot', (SELECT name FROM side_pots WHERE id = OLD.pot_id), 'buy_in_cents', (SELECT buy_in_cents FROM side_pots WHERE id = OLD.pot_id)), NULL);
END;;
--> statement-breakpoint
CREATE TRIGGER `audit_side_pot_players_insert` AFTER INSERT ON `side_pot_players` BEGIN
  INSERT INTO audit_log (league_id, actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES (NEW.league_id, (SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'side_pot_players', NEW.pot_id, 'insert', (SELECT player_id FROM entries WHERE id = NEW.entry_id), NULL, (SELECT round_id FROM side_pots WHERE id = NEW.pot_id), NULL,
    json_object('pot', (SELECT name FROM side_pots WHERE id = NEW.pot_id), 'buy_in_cents', (SELECT buy_in_cents FROM side_pots WHERE id = NEW.pot_id)));
END;;
--> statement-breakpoint
CREATE TRIGGER `side_pot_players_settled_in` BEFORE INSERT ON `side_pot_players`
  WHEN (SELECT settled_at FROM side_pots WHERE id = NEW.pot_id) IS NOT NULL BEGIN
  SELECT RAISE(ABORT, 'side_pot_settled');
END;;
--> statement-breakpoint
CREATE TRIGGER `side_pot_players_settled_out` BEFORE DELETE ON `side_pot_players`
  WHEN (SELECT settled_at FROM side_pots WHERE id = OLD.pot_id) IS NOT NULL
    AND EXISTS (SELECT 1 FROM entries WHERE id = OLD.entry_id) BEGIN
  SELECT RAISE(ABORT, 'side_pot_settled');
END;;
--> statement-breakpoint
CREATE TRIGGER `audit_side_pot_wins_delete` AFTER DELETE ON `side_pot_wins` BEGIN
  INSERT INTO audit_log (league_id, actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES (OLD.league_id, (SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'side_pot_wins', OLD.pot_id, 'delete', (SELECT player_id FROM entries WHERE id = OLD.entry_id), NULL, (SELECT round_id FROM side_pots WHERE id = OLD.pot_id),
    json_object('pot', (SELECT name FROM side_pots WHERE id = OLD.pot_id), 'hole', OLD.hole, 'amount_cents', OLD.amount_cents), NULL);
END;;
--> statement-breakpoint
CREATE TRIGGER `audit_side_pot_wins_insert` AFTER INSERT ON `side_pot_wins` BEGIN
  INSERT INTO audit_log (league_id, actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES (NEW.league_id, (SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'side_pot_wins', NEW.pot_id, 'insert', (SELECT player_id FROM entries WHERE id = NEW.entry_id), NULL, (SELECT round_id FROM side_pots WHERE id = NEW.pot_id), NULL,
    json_object('pot', (SELECT name FROM side_pots WHERE id = NEW.pot_id), 'hole', NEW.hole, 'amount_cents', NEW.amount_cents));
END;;
--> statement-breakpoint
CREATE TRIGGER `side_pot_wins_no_update` BEFORE UPDATE ON `side_pot_wins` BEGIN
  SELECT RAISE(ABORT, 'side_pot_wins rows are rewritten, not edited');
END;;
--> statement-breakpoint
CREATE TRIGGER `audit_tag_moves_insert` AFTER INSERT ON `tag_moves` WHEN NEW.round_id IS NULL BEGIN
  INSERT INTO audit_log (league_id, actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES (NEW.league_id, (SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'tag_moves', NEW.id, 'insert', coalesce(NEW.to_player_id, NEW.from_player_id), NULL, NULL, NULL, json_object('tag', NEW.tag, 'reason', NEW.reason));
END;;
--> statement-breakpoint
CREATE TRIGGER `tag_moves_actor` AFTER INSERT ON `tag_moves` BEGIN
  UPDATE `tag_moves` SET `actor_user_id` = (SELECT user_id FROM audit_actor WHERE id = 1),
    `actor_name` = (SELECT name FROM audit_actor WHERE id = 1),
    `actor_role` = (SELECT role FROM audit_actor WHERE id = 1)
  WHERE `id` = NEW.id;
END;;
--> statement-breakpoint
CREATE TRIGGER `tag_moves_admin_kept` BEFORE DELETE ON `tag_moves` WHEN OLD.round_id IS NULL BEGIN
  SELECT RAISE(ABORT, 'an admin''s tag move is history');
END;;
--> statement-breakpoint
CREATE TRIGGER `tag_moves_no_update` BEFORE UPDATE OF `tag`, `from_player_id`, `to_player_id`, `round_id`, `reason`, `at` ON `tag_moves` BEGIN
  SELECT RAISE(ABORT, 'tag_moves rows are history');
END;;
--> statement-breakpoint
CREATE TRIGGER `audit_transfers_delete` AFTER DELETE ON `transfers` BEGIN
  INSERT INTO audit_log (league_id, actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES (OLD.league_id, (SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'transfers', OLD.id, 'delete', OLD.from_player_id, OLD.to_player_id, NULL, json_object('d', OLD.d, 'from_player_id', OLD.from_player_id, 'to_player_id', OLD.to_player_id, 'amt_cents', OLD.amt_cents, 'description', OLD.description, 'payment_id', OLD.payment_id, 'excess_payment_id', OLD.excess_payment_id), NULL);
END;;
--> statement-breakpoint
CREATE TRIGGER `audit_transfers_insert` AFTER INSERT ON `transfers` BEGIN
  INSERT INTO audit_log (league_id, actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES (NEW.league_id, (SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'transfers', NEW.id, 'insert', NEW.from_player_id, NEW.to_player_id, NULL, NULL, json_object('d', NEW.d, 'from_player_id', NEW.from_player_id, 'to_player_id', NEW.to_player_id, 'amt_cents', NEW.amt_cents, 'description', NEW.description, 'payment_id', NEW.payment_id, 'excess_payment_id', NEW.excess_payment_id));
END;;
--> statement-breakpoint
CREATE TRIGGER `audit_transfers_update` AFTER UPDATE ON `transfers`
  WHEN NEW.d IS NOT OLD.d OR NEW.from_player_id IS NOT OLD.from_player_id OR NEW.to_player_id IS NOT OLD.to_player_id OR NEW.amt_cents IS NOT OLD.amt_cents OR NEW.description IS NOT OLD.description OR NEW.payment_id IS NOT OLD.payment_id OR NEW.excess_payment_id IS NOT OLD.excess_payment_id BEGIN
  INSERT INTO audit_log (league_id, actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES (NEW.league_id, (SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'transfers', NEW.id, 'update', NEW.from_player_id, NEW.to_player_id, NULL, json_object('d', OLD.d, 'from_player_id', OLD.from_player_id, 'to_player_id', OLD.to_player_id, 'amt_cents', OLD.amt_cents, 'description', OLD.description, 'payment_id', OLD.payment_id, 'excess_payment_id', OLD.excess_payment_id), json_object('d', NEW.d, 'from_player_id', NEW.from_player_id, 'to_player_id', NEW.to_player_id, 'amt_cents', NEW.amt_cents, 'description', NEW.description, 'payment_id', NEW.payment_id, 'excess_payment_id', NEW.excess_payment_id));
END;;
--> statement-breakpoint
CREATE TRIGGER `waitlist_notice` AFTER UPDATE OF `status` ON `waitlist`
  WHEN NEW.status IS NOT OLD.status AND NEW.status IN ('offered', 'entered', 'auto_entered', 'expired') BEGIN
  INSERT INTO `waitlist_notices` (`league_id`, `waitlist_id`, `kind`) VALUES (NEW.league_id, NEW.id, NEW.status);
END;;
--> statement-breakpoint
CREATE TRIGGER `rounds_unlink_aces` BEFORE DELETE ON `rounds` BEGIN
  UPDATE `aces` SET `round_id` = NULL WHERE `league_id` = OLD.league_id AND `round_id` = OLD.id;
END;
--> statement-breakpoint
CREATE TRIGGER `payments_unlink_entries` BEFORE DELETE ON `payments` BEGIN
  UPDATE `entries` SET `payment_id` = NULL WHERE `league_id` = OLD.league_id AND `payment_id` = OLD.id;
END;
--> statement-breakpoint
PRAGMA defer_foreign_keys = off;
