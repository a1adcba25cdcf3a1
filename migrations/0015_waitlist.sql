CREATE TABLE `waitlist` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
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
	FOREIGN KEY (`round_id`) REFERENCES `rounds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `waitlist_open_uq` ON `waitlist` (`round_id`,`player_id`) WHERE status in ('waiting', 'offered');--> statement-breakpoint
CREATE INDEX `waitlist_round_status_idx` ON `waitlist` (`round_id`,`status`);--> statement-breakpoint
CREATE INDEX `waitlist_user_idx` ON `waitlist` (`user_id`);--> statement-breakpoint
CREATE TABLE `waitlist_notices` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`waitlist_id` integer NOT NULL,
	`kind` text NOT NULL,
	`mailed_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`waitlist_id`) REFERENCES `waitlist`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `waitlist_notices_unmailed_idx` ON `waitlist_notices` (`mailed_at`);--> statement-breakpoint
CREATE INDEX `waitlist_notices_waitlist_idx` ON `waitlist_notices` (`waitlist_id`);--> statement-breakpoint
ALTER TABLE `rounds` ADD `field_cap` integer;--> statement-breakpoint
ALTER TABLE `rounds` ADD `division_caps` text;--> statement-breakpoint
ALTER TABLE `users` ADD `notify_waitlist` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- write_guards never holds a row (ADR 14): recreated with its fifth rule, as 0013 did.
DROP TABLE `write_guards`;--> statement-breakpoint
CREATE TABLE `write_guards` (
	`round_changed` integer,
	`overdrawn` integer,
	`pot_negative` integer,
	`cards_changed` integer,
	`field_full` integer,
	CONSTRAINT "round_changed" CHECK("round_changed" is null),
	CONSTRAINT "overdrawn" CHECK("overdrawn" is null),
	CONSTRAINT "pot_negative" CHECK("pot_negative" is null),
	CONSTRAINT "cards_changed" CHECK("cards_changed" is null),
	CONSTRAINT "field_full" CHECK("field_full" is null)
);
--> statement-breakpoint
-- Written by hand below (ADR 28).
-- A round's caps are fields its editors show: changing them bumps its version, so a save
-- from an older read is refused and an entry planned against the old caps is planned again.
DROP TRIGGER `rounds_version`;--> statement-breakpoint
CREATE TRIGGER `rounds_version` AFTER UPDATE OF `d`, `n`, `loc`, `fee_pdga_cents`, `fee_course_cents`, `fee_other_cents`, `ace_cents`, `payout_cents`, `pdga_url`, `open_for_registration`, `layout_id`, `field_cap`, `division_caps` ON `rounds`
  WHEN NEW.version = OLD.version AND (NEW.d IS NOT OLD.d OR NEW.n IS NOT OLD.n OR NEW.loc IS NOT OLD.loc OR NEW.fee_pdga_cents IS NOT OLD.fee_pdga_cents OR NEW.fee_course_cents IS NOT OLD.fee_course_cents OR NEW.fee_other_cents IS NOT OLD.fee_other_cents OR NEW.ace_cents IS NOT OLD.ace_cents OR NEW.payout_cents IS NOT OLD.payout_cents OR NEW.pdga_url IS NOT OLD.pdga_url OR NEW.open_for_registration IS NOT OLD.open_for_registration OR NEW.layout_id IS NOT OLD.layout_id OR NEW.field_cap IS NOT OLD.field_cap OR NEW.division_caps IS NOT OLD.division_caps) BEGIN
  UPDATE `rounds` SET `version` = OLD.version + 1 WHERE `id` = NEW.id;
END;--> statement-breakpoint
-- An entry made by any path (a sign-up, a confirmed offer, a PayPal capture, an admin, a
-- walk-up) closes the player's open place on that round's waitlist, in the same statement.
CREATE TRIGGER `waitlist_entered` AFTER INSERT ON `entries` BEGIN
  UPDATE `waitlist` SET `status` = 'entered', `closed_at` = unixepoch()
    WHERE `round_id` = NEW.round_id AND `player_id` = NEW.player_id AND `status` IN ('waiting', 'offered');
END;--> statement-breakpoint
-- Every change a player is told of leaves a notice: the home page shows it, the queue mails it.
CREATE TRIGGER `waitlist_notice` AFTER UPDATE OF `status` ON `waitlist`
  WHEN NEW.status IS NOT OLD.status AND NEW.status IN ('offered', 'entered', 'auto_entered', 'expired') BEGIN
  INSERT INTO `waitlist_notices` (`waitlist_id`, `kind`) VALUES (NEW.id, NEW.status);
END;
