CREATE TABLE `audit_actor` (
	`id` integer PRIMARY KEY NOT NULL,
	`user_id` integer,
	`role` text NOT NULL,
	CONSTRAINT "audit_actor_one_row" CHECK("audit_actor"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
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
	`after` text
);
--> statement-breakpoint
CREATE INDEX `audit_log_player_idx` ON `audit_log` (`player_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_other_player_idx` ON `audit_log` (`other_player_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_round_idx` ON `audit_log` (`round_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_actor_idx` ON `audit_log` (`actor_user_id`,`id`);--> statement-breakpoint
CREATE TABLE `payment_refunds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`payment_id` integer NOT NULL,
	`kind` text NOT NULL,
	`provider_refund_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`resolution` text,
	`resolved_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "payment_refunds_amount_positive" CHECK("payment_refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_refunds_provider_uq` ON `payment_refunds` (`provider_refund_id`);--> statement-breakpoint
CREATE INDEX `payment_refunds_payment_idx` ON `payment_refunds` (`payment_id`);--> statement-breakpoint
ALTER TABLE `entries` ADD `version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `players` ADD `created_by_user_id` integer REFERENCES users(id);--> statement-breakpoint
CREATE INDEX `players_created_by_idx` ON `players` (`created_by_user_id`);--> statement-breakpoint
ALTER TABLE `rounds` ADD `version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `transfers` ADD `payment_id` integer REFERENCES payments(id);--> statement-breakpoint
CREATE UNIQUE INDEX `transfers_payment_uq` ON `transfers` (`payment_id`);--> statement-breakpoint
-- write_guards never holds a row (ADR 14): recreated with its third rule.
DROP TABLE `write_guards`;--> statement-breakpoint
CREATE TABLE `write_guards` (
	`round_changed` integer,
	`overdrawn` integer,
	`pot_negative` integer,
	CONSTRAINT "round_changed" CHECK("round_changed" is null),
	CONSTRAINT "overdrawn" CHECK("overdrawn" is null),
	CONSTRAINT "pot_negative" CHECK("pot_negative" is null)
);
--> statement-breakpoint
-- Hand-written below. Versions: bumped whenever a field an editor shows (or a payout)
-- changes, by whatever path; an edit carries the version it read (ADR 20).
CREATE TRIGGER `entries_version` AFTER UPDATE OF `division`, `ace`, `score`, `payout_cents`, `payout_adjust_cents`, `credit_added_cents`, `credit_used_cents`, `payment_id` ON `entries`
  WHEN NEW.version = OLD.version AND (NEW.division IS NOT OLD.division OR NEW.ace IS NOT OLD.ace OR NEW.score IS NOT OLD.score OR NEW.payout_cents IS NOT OLD.payout_cents OR NEW.payout_adjust_cents IS NOT OLD.payout_adjust_cents OR NEW.credit_added_cents IS NOT OLD.credit_added_cents OR NEW.credit_used_cents IS NOT OLD.credit_used_cents OR NEW.payment_id IS NOT OLD.payment_id) BEGIN
  UPDATE `entries` SET `version` = OLD.version + 1 WHERE `id` = NEW.id;
END;
--> statement-breakpoint
CREATE TRIGGER `rounds_version` AFTER UPDATE OF `d`, `n`, `loc`, `fee_pdga_cents`, `fee_course_cents`, `fee_other_cents`, `ace_cents`, `payout_cents`, `pdga_url`, `open_for_registration` ON `rounds`
  WHEN NEW.version = OLD.version AND (NEW.d IS NOT OLD.d OR NEW.n IS NOT OLD.n OR NEW.loc IS NOT OLD.loc OR NEW.fee_pdga_cents IS NOT OLD.fee_pdga_cents OR NEW.fee_course_cents IS NOT OLD.fee_course_cents OR NEW.fee_other_cents IS NOT OLD.fee_other_cents OR NEW.ace_cents IS NOT OLD.ace_cents OR NEW.payout_cents IS NOT OLD.payout_cents OR NEW.pdga_url IS NOT OLD.pdga_url OR NEW.open_for_registration IS NOT OLD.open_for_registration) BEGIN
  UPDATE `rounds` SET `version` = OLD.version + 1 WHERE `id` = NEW.id;
END;
--> statement-breakpoint
-- The audit log (ADR 20): every change to money, with who (audit_actor, set by the app's
-- D1 binding for the batch), when, and the row's money fields before and after.
CREATE TRIGGER `audit_log_no_update` BEFORE UPDATE ON `audit_log` BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_no_delete` BEFORE DELETE ON `audit_log` BEGIN
  SELECT RAISE(ABORT, 'audit_log is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `audit_entries_insert` AFTER INSERT ON `entries` BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM users WHERE id = (SELECT user_id FROM audit_actor WHERE id = 1)), (SELECT role FROM audit_actor WHERE id = 1),
    'entries', NEW.id, 'insert', NEW.player_id, NULL, NEW.round_id, NULL, json_object('division', NEW.division, 'score', NEW.score, 'ace', NEW.ace, 'payout_cents', NEW.payout_cents, 'payout_adjust_cents', NEW.payout_adjust_cents, 'credit_added_cents', NEW.credit_added_cents, 'credit_used_cents', NEW.credit_used_cents, 'payment_id', NEW.payment_id));
END;
--> statement-breakpoint
CREATE TRIGGER `audit_entries_update` AFTER UPDATE OF `division`, `ace`, `payout_cents`, `payout_adjust_cents`, `credit_added_cents`, `credit_used_cents`, `payment_id` ON `entries`
  WHEN NEW.division IS NOT OLD.division OR NEW.ace IS NOT OLD.ace OR NEW.payout_cents IS NOT OLD.payout_cents OR NEW.payout_adjust_cents IS NOT OLD.payout_adjust_cents OR NEW.credit_added_cents IS NOT OLD.credit_added_cents OR NEW.credit_used_cents IS NOT OLD.credit_used_cents OR NEW.payment_id IS NOT OLD.payment_id BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM users WHERE id = (SELECT user_id FROM audit_actor WHERE id = 1)), (SELECT role FROM audit_actor WHERE id = 1),
    'entries', NEW.id, 'update', NEW.player_id, NULL, NEW.round_id, json_object('division', OLD.division, 'score', OLD.score, 'ace', OLD.ace, 'payout_cents', OLD.payout_cents, 'payout_adjust_cents', OLD.payout_adjust_cents, 'credit_added_cents', OLD.credit_added_cents, 'credit_used_cents', OLD.credit_used_cents, 'payment_id', OLD.payment_id), json_object('division', NEW.division, 'score', NEW.score, 'ace', NEW.ace, 'payout_cents', NEW.payout_cents, 'payout_adjust_cents', NEW.payout_adjust_cents, 'credit_added_cents', NEW.credit_added_cents, 'credit_used_cents', NEW.credit_used_cents, 'payment_id', NEW.payment_id));
END;
--> statement-breakpoint
CREATE TRIGGER `audit_entries_delete` AFTER DELETE ON `entries` BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM users WHERE id = (SELECT user_id FROM audit_actor WHERE id = 1)), (SELECT role FROM audit_actor WHERE id = 1),
    'entries', OLD.id, 'delete', OLD.player_id, NULL, OLD.round_id, json_object('division', OLD.division, 'score', OLD.score, 'ace', OLD.ace, 'payout_cents', OLD.payout_cents, 'payout_adjust_cents', OLD.payout_adjust_cents, 'credit_added_cents', OLD.credit_added_cents, 'credit_used_cents', OLD.credit_used_cents, 'payment_id', OLD.payment_id), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `audit_payments_insert` AFTER INSERT ON `payments` BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM users WHERE id = (SELECT user_id FROM audit_actor WHERE id = 1)), (SELECT role FROM audit_actor WHERE id = 1),
    'payments', NEW.id, 'insert', NEW.player_id, NULL, NEW.round_id, NULL, json_object('method', NEW.method, 'status', NEW.status, 'amount_cents', NEW.amount_cents, 'league_fee_cents', NEW.league_fee_cents, 'provider_fee_cents', NEW.provider_fee_cents, 'credit_used_cents', NEW.credit_used_cents, 'capture_id', NEW.capture_id));
END;
--> statement-breakpoint
CREATE TRIGGER `audit_payments_update` AFTER UPDATE OF `method`, `status`, `amount_cents`, `league_fee_cents`, `provider_fee_cents`, `credit_used_cents`, `capture_id` ON `payments`
  WHEN NEW.method IS NOT OLD.method OR NEW.status IS NOT OLD.status OR NEW.amount_cents IS NOT OLD.amount_cents OR NEW.league_fee_cents IS NOT OLD.league_fee_cents OR NEW.provider_fee_cents IS NOT OLD.provider_fee_cents OR NEW.credit_used_cents IS NOT OLD.credit_used_cents OR NEW.capture_id IS NOT OLD.capture_id BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM users WHERE id = (SELECT user_id FROM audit_actor WHERE id = 1)), (SELECT role FROM audit_actor WHERE id = 1),
    'payments', NEW.id, 'update', NEW.player_id, NULL, NEW.round_id, json_object('method', OLD.method, 'status', OLD.status, 'amount_cents', OLD.amount_cents, 'league_fee_cents', OLD.league_fee_cents, 'provider_fee_cents', OLD.provider_fee_cents, 'credit_used_cents', OLD.credit_used_cents, 'capture_id', OLD.capture_id), json_object('method', NEW.method, 'status', NEW.status, 'amount_cents', NEW.amount_cents, 'league_fee_cents', NEW.league_fee_cents, 'provider_fee_cents', NEW.provider_fee_cents, 'credit_used_cents', NEW.credit_used_cents, 'capture_id', NEW.capture_id));
END;
--> statement-breakpoint
CREATE TRIGGER `audit_payments_delete` AFTER DELETE ON `payments` BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM users WHERE id = (SELECT user_id FROM audit_actor WHERE id = 1)), (SELECT role FROM audit_actor WHERE id = 1),
    'payments', OLD.id, 'delete', OLD.player_id, NULL, OLD.round_id, json_object('method', OLD.method, 'status', OLD.status, 'amount_cents', OLD.amount_cents, 'league_fee_cents', OLD.league_fee_cents, 'provider_fee_cents', OLD.provider_fee_cents, 'credit_used_cents', OLD.credit_used_cents, 'capture_id', OLD.capture_id), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `audit_refunds_insert` AFTER INSERT ON `payment_refunds` BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM users WHERE id = (SELECT user_id FROM audit_actor WHERE id = 1)), (SELECT role FROM audit_actor WHERE id = 1),
    'payment_refunds', NEW.id, 'insert', (SELECT player_id FROM payments WHERE id = NEW.payment_id), NULL, (SELECT round_id FROM payments WHERE id = NEW.payment_id), NULL, json_object('kind', NEW.kind, 'amount_cents', NEW.amount_cents, 'provider_refund_id', NEW.provider_refund_id, 'resolution', NEW.resolution));
END;
--> statement-breakpoint
CREATE TRIGGER `audit_refunds_update` AFTER UPDATE ON `payment_refunds`
  WHEN NEW.kind IS NOT OLD.kind OR NEW.amount_cents IS NOT OLD.amount_cents OR NEW.provider_refund_id IS NOT OLD.provider_refund_id OR NEW.resolution IS NOT OLD.resolution BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM users WHERE id = (SELECT user_id FROM audit_actor WHERE id = 1)), (SELECT role FROM audit_actor WHERE id = 1),
    'payment_refunds', NEW.id, 'update', (SELECT player_id FROM payments WHERE id = NEW.payment_id), NULL, (SELECT round_id FROM payments WHERE id = NEW.payment_id), json_object('kind', OLD.kind, 'amount_cents', OLD.amount_cents, 'provider_refund_id', OLD.provider_refund_id, 'resolution', OLD.resolution), json_object('kind', NEW.kind, 'amount_cents', NEW.amount_cents, 'provider_refund_id', NEW.provider_refund_id, 'resolution', NEW.resolution));
END;
--> statement-breakpoint
CREATE TRIGGER `audit_refunds_delete` AFTER DELETE ON `payment_refunds` BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM users WHERE id = (SELECT user_id FROM audit_actor WHERE id = 1)), (SELECT role FROM audit_actor WHERE id = 1),
    'payment_refunds', OLD.id, 'delete', (SELECT player_id FROM payments WHERE id = OLD.payment_id), NULL, (SELECT round_id FROM payments WHERE id = OLD.payment_id), json_object('kind', OLD.kind, 'amount_cents', OLD.amount_cents, 'provider_refund_id', OLD.provider_refund_id, 'resolution', OLD.resolution), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `audit_transfers_insert` AFTER INSERT ON `transfers` BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM users WHERE id = (SELECT user_id FROM audit_actor WHERE id = 1)), (SELECT role FROM audit_actor WHERE id = 1),
    'transfers', NEW.id, 'insert', NEW.from_player_id, NEW.to_player_id, NULL, NULL, json_object('d', NEW.d, 'from_player_id', NEW.from_player_id, 'to_player_id', NEW.to_player_id, 'amt_cents', NEW.amt_cents, 'description', NEW.description, 'payment_id', NEW.payment_id));
END;
--> statement-breakpoint
CREATE TRIGGER `audit_transfers_update` AFTER UPDATE ON `transfers`
  WHEN NEW.d IS NOT OLD.d OR NEW.from_player_id IS NOT OLD.from_player_id OR NEW.to_player_id IS NOT OLD.to_player_id OR NEW.amt_cents IS NOT OLD.amt_cents OR NEW.description IS NOT OLD.description OR NEW.payment_id IS NOT OLD.payment_id BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM users WHERE id = (SELECT user_id FROM audit_actor WHERE id = 1)), (SELECT role FROM audit_actor WHERE id = 1),
    'transfers', NEW.id, 'update', NEW.from_player_id, NEW.to_player_id, NULL, json_object('d', OLD.d, 'from_player_id', OLD.from_player_id, 'to_player_id', OLD.to_player_id, 'amt_cents', OLD.amt_cents, 'description', OLD.description, 'payment_id', OLD.payment_id), json_object('d', NEW.d, 'from_player_id', NEW.from_player_id, 'to_player_id', NEW.to_player_id, 'amt_cents', NEW.amt_cents, 'description', NEW.description, 'payment_id', NEW.payment_id));
END;
--> statement-breakpoint
CREATE TRIGGER `audit_transfers_delete` AFTER DELETE ON `transfers` BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM users WHERE id = (SELECT user_id FROM audit_actor WHERE id = 1)), (SELECT role FROM audit_actor WHERE id = 1),
    'transfers', OLD.id, 'delete', OLD.from_player_id, OLD.to_player_id, NULL, json_object('d', OLD.d, 'from_player_id', OLD.from_player_id, 'to_player_id', OLD.to_player_id, 'amt_cents', OLD.amt_cents, 'description', OLD.description, 'payment_id', OLD.payment_id), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `audit_aces_insert` AFTER INSERT ON `aces` BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM users WHERE id = (SELECT user_id FROM audit_actor WHERE id = 1)), (SELECT role FROM audit_actor WHERE id = 1),
    'aces', NEW.id, 'insert', NEW.player_id, NULL, NEW.round_id, NULL, json_object('d', NEW.d, 'player_id', NEW.player_id, 'round_id', NEW.round_id, 'amt_cents', NEW.amt_cents));
END;
--> statement-breakpoint
CREATE TRIGGER `audit_aces_update` AFTER UPDATE ON `aces`
  WHEN NEW.d IS NOT OLD.d OR NEW.player_id IS NOT OLD.player_id OR NEW.round_id IS NOT OLD.round_id OR NEW.amt_cents IS NOT OLD.amt_cents BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM users WHERE id = (SELECT user_id FROM audit_actor WHERE id = 1)), (SELECT role FROM audit_actor WHERE id = 1),
    'aces', NEW.id, 'update', NEW.player_id, NULL, NEW.round_id, json_object('d', OLD.d, 'player_id', OLD.player_id, 'round_id', OLD.round_id, 'amt_cents', OLD.amt_cents), json_object('d', NEW.d, 'player_id', NEW.player_id, 'round_id', NEW.round_id, 'amt_cents', NEW.amt_cents));
END;
--> statement-breakpoint
CREATE TRIGGER `audit_aces_delete` AFTER DELETE ON `aces` BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM users WHERE id = (SELECT user_id FROM audit_actor WHERE id = 1)), (SELECT role FROM audit_actor WHERE id = 1),
    'aces', OLD.id, 'delete', OLD.player_id, NULL, OLD.round_id, json_object('d', OLD.d, 'player_id', OLD.player_id, 'round_id', OLD.round_id, 'amt_cents', OLD.amt_cents), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `audit_rounds_update` AFTER UPDATE OF `d`, `fee_pdga_cents`, `fee_course_cents`, `fee_other_cents`, `ace_cents`, `payout_cents` ON `rounds`
  WHEN NEW.d IS NOT OLD.d OR NEW.fee_pdga_cents IS NOT OLD.fee_pdga_cents OR NEW.fee_course_cents IS NOT OLD.fee_course_cents OR NEW.fee_other_cents IS NOT OLD.fee_other_cents OR NEW.ace_cents IS NOT OLD.ace_cents OR NEW.payout_cents IS NOT OLD.payout_cents BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM users WHERE id = (SELECT user_id FROM audit_actor WHERE id = 1)), (SELECT role FROM audit_actor WHERE id = 1),
    'rounds', NEW.id, 'update', NULL, NULL, NEW.id, json_object('d', OLD.d, 'fee_pdga_cents', OLD.fee_pdga_cents, 'fee_course_cents', OLD.fee_course_cents, 'fee_other_cents', OLD.fee_other_cents, 'ace_cents', OLD.ace_cents, 'payout_cents', OLD.payout_cents), json_object('d', NEW.d, 'fee_pdga_cents', NEW.fee_pdga_cents, 'fee_course_cents', NEW.fee_course_cents, 'fee_other_cents', NEW.fee_other_cents, 'ace_cents', NEW.ace_cents, 'payout_cents', NEW.payout_cents));
END;
