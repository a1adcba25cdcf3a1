ALTER TABLE `entries` ADD `dnf` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `scoring_pin_hash` text;--> statement-breakpoint
-- Hand-written below. Whether an entry finished is a field its editors show and its payout
-- depends on: changing it bumps the version like the others (ADR 20).
DROP TRIGGER `entries_version`;--> statement-breakpoint
CREATE TRIGGER `entries_version` AFTER UPDATE OF `division`, `ace`, `score`, `dnf`, `payout_cents`, `payout_adjust_cents`, `credit_added_cents`, `credit_used_cents`, `payment_id` ON `entries`
  WHEN NEW.version = OLD.version AND (NEW.division IS NOT OLD.division OR NEW.ace IS NOT OLD.ace OR NEW.score IS NOT OLD.score OR NEW.dnf IS NOT OLD.dnf OR NEW.payout_cents IS NOT OLD.payout_cents OR NEW.payout_adjust_cents IS NOT OLD.payout_adjust_cents OR NEW.credit_added_cents IS NOT OLD.credit_added_cents OR NEW.credit_used_cents IS NOT OLD.credit_used_cents OR NEW.payment_id IS NOT OLD.payment_id) BEGIN
  UPDATE `entries` SET `version` = OLD.version + 1 WHERE `id` = NEW.id;
END;
