CREATE TABLE `tag_moves` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
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
	FOREIGN KEY (`from_player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`to_player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`round_id`) REFERENCES `rounds`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "tag_moves_tag" CHECK("tag_moves"."tag" between 1 and 999),
	CONSTRAINT "tag_moves_sides" CHECK("tag_moves"."from_player_id" is not "tag_moves"."to_player_id"),
	CONSTRAINT "tag_moves_round" CHECK(("tag_moves"."round_id" is null) = ("tag_moves"."reason" in ('assigned', 'taken_back')))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tag_moves_round_tag_uq` ON `tag_moves` (`round_id`,`tag`) WHERE round_id is not null;--> statement-breakpoint
CREATE INDEX `tag_moves_tag_idx` ON `tag_moves` (`tag`,`at`,`id`);--> statement-breakpoint
CREATE INDEX `tag_moves_at_idx` ON `tag_moves` (`at`,`id`);--> statement-breakpoint
CREATE INDEX `tag_moves_to_idx` ON `tag_moves` (`to_player_id`);--> statement-breakpoint
CREATE INDEX `tag_moves_from_idx` ON `tag_moves` (`from_player_id`);--> statement-breakpoint
ALTER TABLE `league_settings` ADD `bag_tags` text DEFAULT 'off' NOT NULL;--> statement-breakpoint
ALTER TABLE `league_settings` ADD `tag_count` integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE `league_settings` ADD `tag_expiry_weeks` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `rounds` ADD `counts_for_tags` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- write_guards never holds a row (ADR 14): recreated with its sixth rule, nothing to copy.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_write_guards` (
	`round_changed` integer,
	`overdrawn` integer,
	`pot_negative` integer,
	`cards_changed` integer,
	`field_full` integer,
	`tags_changed` integer,
	CONSTRAINT "round_changed" CHECK("__new_write_guards"."round_changed" is null),
	CONSTRAINT "overdrawn" CHECK("__new_write_guards"."overdrawn" is null),
	CONSTRAINT "pot_negative" CHECK("__new_write_guards"."pot_negative" is null),
	CONSTRAINT "cards_changed" CHECK("__new_write_guards"."cards_changed" is null),
	CONSTRAINT "field_full" CHECK("__new_write_guards"."field_full" is null),
	CONSTRAINT "tags_changed" CHECK("__new_write_guards"."tags_changed" is null)
);
--> statement-breakpoint
DROP TABLE `write_guards`;--> statement-breakpoint
ALTER TABLE `__new_write_guards` RENAME TO `write_guards`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
-- Hand-written below (ADR 27).
-- The round form's "Counts for tags" is a field an editor shows: it bumps the round's version (ADR 20).
DROP TRIGGER `rounds_version`;--> statement-breakpoint
CREATE TRIGGER `rounds_version` AFTER UPDATE OF `d`, `n`, `loc`, `fee_pdga_cents`, `fee_course_cents`, `fee_other_cents`, `ace_cents`, `payout_cents`, `pdga_url`, `open_for_registration`, `layout_id`, `field_cap`, `division_caps`, `counts_for_tags` ON `rounds`
  WHEN NEW.version = OLD.version AND (NEW.d IS NOT OLD.d OR NEW.n IS NOT OLD.n OR NEW.loc IS NOT OLD.loc OR NEW.fee_pdga_cents IS NOT OLD.fee_pdga_cents OR NEW.fee_course_cents IS NOT OLD.fee_course_cents OR NEW.fee_other_cents IS NOT OLD.fee_other_cents OR NEW.ace_cents IS NOT OLD.ace_cents OR NEW.payout_cents IS NOT OLD.payout_cents OR NEW.pdga_url IS NOT OLD.pdga_url OR NEW.open_for_registration IS NOT OLD.open_for_registration OR NEW.layout_id IS NOT OLD.layout_id OR NEW.field_cap IS NOT OLD.field_cap OR NEW.division_caps IS NOT OLD.division_caps OR NEW.counts_for_tags IS NOT OLD.counts_for_tags) BEGIN
  UPDATE `rounds` SET `version` = OLD.version + 1 WHERE `id` = NEW.id;
END;
--> statement-breakpoint
-- Who moved a tag: the actor the app's D1 binding set for the batch (ADR 20), as the audit log reads it.
CREATE TRIGGER `tag_moves_actor` AFTER INSERT ON `tag_moves` BEGIN
  UPDATE `tag_moves` SET `actor_user_id` = (SELECT user_id FROM audit_actor WHERE id = 1),
    `actor_name` = (SELECT name FROM users WHERE id = (SELECT user_id FROM audit_actor WHERE id = 1)),
    `actor_role` = (SELECT role FROM audit_actor WHERE id = 1)
  WHERE `id` = NEW.id;
END;
--> statement-breakpoint
-- A move is history: only the actor columns are ever set after the insert, and an admin's
-- move is never deleted (a round's swap is rewritten when its results change).
CREATE TRIGGER `tag_moves_no_update` BEFORE UPDATE OF `tag`, `from_player_id`, `to_player_id`, `round_id`, `reason`, `at` ON `tag_moves` BEGIN
  SELECT RAISE(ABORT, 'tag_moves rows are history');
END;
--> statement-breakpoint
CREATE TRIGGER `tag_moves_admin_kept` BEFORE DELETE ON `tag_moves` WHEN OLD.round_id IS NULL BEGIN
  SELECT RAISE(ABORT, 'an admin''s tag move is history');
END;
--> statement-breakpoint
-- An admin's assignment or take-back is also an audit row, beside the money's (ADR 20).
CREATE TRIGGER `audit_tag_moves_insert` AFTER INSERT ON `tag_moves` WHEN NEW.round_id IS NULL BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM users WHERE id = (SELECT user_id FROM audit_actor WHERE id = 1)), (SELECT role FROM audit_actor WHERE id = 1),
    'tag_moves', NEW.id, 'insert', coalesce(NEW.to_player_id, NEW.from_player_id), NULL, NULL, NULL, json_object('tag', NEW.tag, 'reason', NEW.reason));
END;
