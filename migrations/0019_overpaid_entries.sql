ALTER TABLE `payments` ADD `void_reason` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `voided_at` integer;--> statement-breakpoint
ALTER TABLE `transfers` ADD `excess_payment_id` integer REFERENCES payments(id);--> statement-breakpoint
CREATE UNIQUE INDEX `transfers_excess_payment_uq` ON `transfers` (`excess_payment_id`);--> statement-breakpoint
-- Hand-written below (ADR 37): the audit log records a voided cash record's reason, and a
-- transfer that gives back what an entry was paid beyond its price.
DROP TRIGGER `audit_payments_insert`;--> statement-breakpoint
DROP TRIGGER `audit_payments_update`;--> statement-breakpoint
DROP TRIGGER `audit_payments_delete`;--> statement-breakpoint
CREATE TRIGGER `audit_payments_insert` AFTER INSERT ON `payments` BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM users WHERE id = (SELECT user_id FROM audit_actor WHERE id = 1)), (SELECT role FROM audit_actor WHERE id = 1),
    'payments', NEW.id, 'insert', NEW.player_id, NULL, NEW.round_id, NULL, json_object('method', NEW.method, 'status', NEW.status, 'amount_cents', NEW.amount_cents, 'league_fee_cents', NEW.league_fee_cents, 'provider_fee_cents', NEW.provider_fee_cents, 'credit_used_cents', NEW.credit_used_cents, 'capture_id', NEW.capture_id, 'void_reason', NEW.void_reason));
END;
--> statement-breakpoint
CREATE TRIGGER `audit_payments_update` AFTER UPDATE OF `method`, `status`, `amount_cents`, `league_fee_cents`, `provider_fee_cents`, `credit_used_cents`, `capture_id`, `void_reason` ON `payments`
  WHEN NEW.method IS NOT OLD.method OR NEW.status IS NOT OLD.status OR NEW.amount_cents IS NOT OLD.amount_cents OR NEW.league_fee_cents IS NOT OLD.league_fee_cents OR NEW.provider_fee_cents IS NOT OLD.provider_fee_cents OR NEW.credit_used_cents IS NOT OLD.credit_used_cents OR NEW.capture_id IS NOT OLD.capture_id OR NEW.void_reason IS NOT OLD.void_reason BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM users WHERE id = (SELECT user_id FROM audit_actor WHERE id = 1)), (SELECT role FROM audit_actor WHERE id = 1),
    'payments', NEW.id, 'update', NEW.player_id, NULL, NEW.round_id, json_object('method', OLD.method, 'status', OLD.status, 'amount_cents', OLD.amount_cents, 'league_fee_cents', OLD.league_fee_cents, 'provider_fee_cents', OLD.provider_fee_cents, 'credit_used_cents', OLD.credit_used_cents, 'capture_id', OLD.capture_id, 'void_reason', OLD.void_reason), json_object('method', NEW.method, 'status', NEW.status, 'amount_cents', NEW.amount_cents, 'league_fee_cents', NEW.league_fee_cents, 'provider_fee_cents', NEW.provider_fee_cents, 'credit_used_cents', NEW.credit_used_cents, 'capture_id', NEW.capture_id, 'void_reason', NEW.void_reason));
END;
--> statement-breakpoint
CREATE TRIGGER `audit_payments_delete` AFTER DELETE ON `payments` BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM users WHERE id = (SELECT user_id FROM audit_actor WHERE id = 1)), (SELECT role FROM audit_actor WHERE id = 1),
    'payments', OLD.id, 'delete', OLD.player_id, NULL, OLD.round_id, json_object('method', OLD.method, 'status', OLD.status, 'amount_cents', OLD.amount_cents, 'league_fee_cents', OLD.league_fee_cents, 'provider_fee_cents', OLD.provider_fee_cents, 'credit_used_cents', OLD.credit_used_cents, 'capture_id', OLD.capture_id, 'void_reason', OLD.void_reason), NULL);
END;
--> statement-breakpoint
DROP TRIGGER `audit_transfers_insert`;--> statement-breakpoint
DROP TRIGGER `audit_transfers_update`;--> statement-breakpoint
DROP TRIGGER `audit_transfers_delete`;--> statement-breakpoint
CREATE TRIGGER `audit_transfers_insert` AFTER INSERT ON `transfers` BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM users WHERE id = (SELECT user_id FROM audit_actor WHERE id = 1)), (SELECT role FROM audit_actor WHERE id = 1),
    'transfers', NEW.id, 'insert', NEW.from_player_id, NEW.to_player_id, NULL, NULL, json_object('d', NEW.d, 'from_player_id', NEW.from_player_id, 'to_player_id', NEW.to_player_id, 'amt_cents', NEW.amt_cents, 'description', NEW.description, 'payment_id', NEW.payment_id, 'excess_payment_id', NEW.excess_payment_id));
END;
--> statement-breakpoint
CREATE TRIGGER `audit_transfers_update` AFTER UPDATE ON `transfers`
  WHEN NEW.d IS NOT OLD.d OR NEW.from_player_id IS NOT OLD.from_player_id OR NEW.to_player_id IS NOT OLD.to_player_id OR NEW.amt_cents IS NOT OLD.amt_cents OR NEW.description IS NOT OLD.description OR NEW.payment_id IS NOT OLD.payment_id OR NEW.excess_payment_id IS NOT OLD.excess_payment_id BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM users WHERE id = (SELECT user_id FROM audit_actor WHERE id = 1)), (SELECT role FROM audit_actor WHERE id = 1),
    'transfers', NEW.id, 'update', NEW.from_player_id, NEW.to_player_id, NULL, json_object('d', OLD.d, 'from_player_id', OLD.from_player_id, 'to_player_id', OLD.to_player_id, 'amt_cents', OLD.amt_cents, 'description', OLD.description, 'payment_id', OLD.payment_id, 'excess_payment_id', OLD.excess_payment_id), json_object('d', NEW.d, 'from_player_id', NEW.from_player_id, 'to_player_id', NEW.to_player_id, 'amt_cents', NEW.amt_cents, 'description', NEW.description, 'payment_id', NEW.payment_id, 'excess_payment_id', NEW.excess_payment_id));
END;
--> statement-breakpoint
CREATE TRIGGER `audit_transfers_delete` AFTER DELETE ON `transfers` BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM users WHERE id = (SELECT user_id FROM audit_actor WHERE id = 1)), (SELECT role FROM audit_actor WHERE id = 1),
    'transfers', OLD.id, 'delete', OLD.from_player_id, OLD.to_player_id, NULL, json_object('d', OLD.d, 'from_player_id', OLD.from_player_id, 'to_player_id', OLD.to_player_id, 'amt_cents', OLD.amt_cents, 'description', OLD.description, 'payment_id', OLD.payment_id, 'excess_payment_id', OLD.excess_payment_id), NULL);
END;
