CREATE TABLE `card_players` (
	`entry_id` integer PRIMARY KEY NOT NULL,
	`card_id` integer NOT NULL,
	`position` integer NOT NULL,
	FOREIGN KEY (`entry_id`) REFERENCES `entries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`card_id`) REFERENCES `cards`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `card_players_card_idx` ON `card_players` (`card_id`,`position`);--> statement-breakpoint
CREATE TABLE `cards` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`round_id` integer NOT NULL,
	`number` integer NOT NULL,
	`start_hole` integer,
	`start_slot` integer DEFAULT 0 NOT NULL,
	`tee_time` integer,
	`started_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`round_id`) REFERENCES `rounds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cards_round_number_uq` ON `cards` (`round_id`,`number`);--> statement-breakpoint
CREATE TABLE `courses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`place` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `courses_name_uq` ON `courses` (`name`);--> statement-breakpoint
CREATE TABLE `layout_holes` (
	`layout_id` integer NOT NULL,
	`hole` integer NOT NULL,
	`par` integer NOT NULL,
	`distance_feet` integer,
	`second_card_order` integer,
	PRIMARY KEY(`layout_id`, `hole`),
	FOREIGN KEY (`layout_id`) REFERENCES `layouts`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "layout_holes_par" CHECK("layout_holes"."par" between 2 and 9),
	CONSTRAINT "layout_holes_distance" CHECK("layout_holes"."distance_feet" is null or "layout_holes"."distance_feet" between 1 and 3000)
);
--> statement-breakpoint
CREATE TABLE `layouts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`course_id` integer NOT NULL,
	`name` text NOT NULL,
	`hole_count` integer NOT NULL,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "layouts_hole_count" CHECK("layouts"."hole_count" between 9 and 27)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `layouts_course_name_uq` ON `layouts` (`course_id`,`name`);--> statement-breakpoint
ALTER TABLE `entries` ADD `checked_in_at` integer;--> statement-breakpoint
ALTER TABLE `entries` ADD `checked_in_by` integer REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `league_settings` ADD `check_in_opens_minutes` integer DEFAULT 120 NOT NULL;--> statement-breakpoint
ALTER TABLE `league_settings` ADD `card_size` integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE `league_settings` ADD `tee_interval_minutes` integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE `league_settings` ADD `card_mode` text DEFAULT 'random' NOT NULL;--> statement-breakpoint
ALTER TABLE `league_settings` ADD `card_start` text DEFAULT 'shotgun' NOT NULL;--> statement-breakpoint
ALTER TABLE `league_settings` ADD `money_visibility` text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE `league_settings` ADD `divisions` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `request_key` text;--> statement-breakpoint
CREATE UNIQUE INDEX `payments_request_key_uq` ON `payments` (`request_key`);--> statement-breakpoint
ALTER TABLE `rounds` ADD `layout_id` integer REFERENCES layouts(id);--> statement-breakpoint
ALTER TABLE `rounds` ADD `cards_published_at` integer;--> statement-breakpoint
ALTER TABLE `rounds` ADD `cards_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `rounds_layout_idx` ON `rounds` (`layout_id`);--> statement-breakpoint
ALTER TABLE `users` ADD `notify_cards` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written below. A round's layout is a field its editor shows: changing it bumps the
-- round's version like the others (ADR 20), so a stale round form cannot undo it.
DROP TRIGGER `rounds_version`;--> statement-breakpoint
CREATE TRIGGER `rounds_version` AFTER UPDATE OF `d`, `n`, `loc`, `fee_pdga_cents`, `fee_course_cents`, `fee_other_cents`, `ace_cents`, `payout_cents`, `pdga_url`, `open_for_registration`, `layout_id` ON `rounds`
  WHEN NEW.version = OLD.version AND (NEW.d IS NOT OLD.d OR NEW.n IS NOT OLD.n OR NEW.loc IS NOT OLD.loc OR NEW.fee_pdga_cents IS NOT OLD.fee_pdga_cents OR NEW.fee_course_cents IS NOT OLD.fee_course_cents OR NEW.fee_other_cents IS NOT OLD.fee_other_cents OR NEW.ace_cents IS NOT OLD.ace_cents OR NEW.payout_cents IS NOT OLD.payout_cents OR NEW.pdga_url IS NOT OLD.pdga_url OR NEW.open_for_registration IS NOT OLD.open_for_registration OR NEW.layout_id IS NOT OLD.layout_id) BEGIN
  UPDATE `rounds` SET `version` = OLD.version + 1 WHERE `id` = NEW.id;
END;
