ALTER TABLE `entries` ADD `team` integer;--> statement-breakpoint
ALTER TABLE `league_settings` ADD `cali_rule` text DEFAULT 'best_of_two' NOT NULL;--> statement-breakpoint
ALTER TABLE `rounds` ADD `doubles` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `rounds` ADD `teams_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written below (ADR 31).
-- The round form's "Doubles" is a field an editor shows: it bumps the round's version (ADR 20).
DROP TRIGGER `rounds_version`;--> statement-breakpoint
CREATE TRIGGER `rounds_version` AFTER UPDATE OF `d`, `n`, `loc`, `fee_pdga_cents`, `fee_course_cents`, `fee_other_cents`, `ace_cents`, `payout_cents`, `pdga_url`, `open_for_registration`, `layout_id`, `field_cap`, `division_caps`, `counts_for_tags`, `doubles` ON `rounds`
  WHEN NEW.version = OLD.version AND (NEW.d IS NOT OLD.d OR NEW.n IS NOT OLD.n OR NEW.loc IS NOT OLD.loc OR NEW.fee_pdga_cents IS NOT OLD.fee_pdga_cents OR NEW.fee_course_cents IS NOT OLD.fee_course_cents OR NEW.fee_other_cents IS NOT OLD.fee_other_cents OR NEW.ace_cents IS NOT OLD.ace_cents OR NEW.payout_cents IS NOT OLD.payout_cents OR NEW.pdga_url IS NOT OLD.pdga_url OR NEW.open_for_registration IS NOT OLD.open_for_registration OR NEW.layout_id IS NOT OLD.layout_id OR NEW.field_cap IS NOT OLD.field_cap OR NEW.division_caps IS NOT OLD.division_caps OR NEW.counts_for_tags IS NOT OLD.counts_for_tags OR NEW.doubles IS NOT OLD.doubles) BEGIN
  UPDATE `rounds` SET `version` = OLD.version + 1 WHERE `id` = NEW.id;
END;
--> statement-breakpoint
-- A team draw is in the audit log: who drew, which teams (the teams decide the payouts).
CREATE TRIGGER `audit_teams_draw` AFTER UPDATE OF `teams_version` ON `rounds` WHEN NEW.teams_version IS NOT OLD.teams_version BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM users WHERE id = (SELECT user_id FROM audit_actor WHERE id = 1)), (SELECT role FROM audit_actor WHERE id = 1),
    'teams', NEW.id, 'update', NULL, NULL, NEW.id, NULL,
    json_object('teams', (SELECT json_group_array(x) FROM (SELECT e.team || ':' || group_concat(e.player_id, '+') AS x FROM entries e WHERE e.round_id = NEW.id AND e.team IS NOT NULL GROUP BY e.team ORDER BY e.team))));
END;
