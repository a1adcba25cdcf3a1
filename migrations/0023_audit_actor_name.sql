-- The audit triggers name the actor from audit_actor, where the Worker writes the name with
-- the actor (workers/audit-actor.ts): no trigger reads users, an accounts table (ADR 46).
-- Each trigger is re-created as it was, the name's source aside.
ALTER TABLE `audit_actor` ADD `name` text;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `audit_entries_insert`;
--> statement-breakpoint
CREATE TRIGGER `audit_entries_insert` AFTER INSERT ON `entries` BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'entries', NEW.id, 'insert', NEW.player_id, NULL, NEW.round_id, NULL, json_object('division', NEW.division, 'score', NEW.score, 'ace', NEW.ace, 'payout_cents', NEW.payout_cents, 'payout_adjust_cents', NEW.payout_adjust_cents, 'credit_added_cents', NEW.credit_added_cents, 'credit_used_cents', NEW.credit_used_cents, 'payment_id', NEW.payment_id));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `audit_entries_update`;
--> statement-breakpoint
CREATE TRIGGER `audit_entries_update` AFTER UPDATE OF `division`, `ace`, `payout_cents`, `payout_adjust_cents`, `credit_added_cents`, `credit_used_cents`, `payment_id` ON `entries`
  WHEN NEW.division IS NOT OLD.division OR NEW.ace IS NOT OLD.ace OR NEW.payout_cents IS NOT OLD.payout_cents OR NEW.payout_adjust_cents IS NOT OLD.payout_adjust_cents OR NEW.credit_added_cents IS NOT OLD.credit_added_cents OR NEW.credit_used_cents IS NOT OLD.credit_used_cents OR NEW.payment_id IS NOT OLD.payment_id BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'entries', NEW.id, 'update', NEW.player_id, NULL, NEW.round_id, json_object('division', OLD.division, 'score', OLD.score, 'ace', OLD.ace, 'payout_cents', OLD.payout_cents, 'payout_adjust_cents', OLD.payout_adjust_cents, 'credit_added_cents', OLD.credit_added_cents, 'credit_used_cents', OLD.credit_used_cents, 'payment_id', OLD.payment_id), json_object('division', NEW.division, 'score', NEW.score, 'ace', NEW.ace, 'payout_cents', NEW.payout_cents, 'payout_adjust_cents', NEW.payout_adjust_cents, 'credit_added_cents', NEW.credit_added_cents, 'credit_used_cents', NEW.credit_used_cents, 'payment_id', NEW.payment_id));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `audit_entries_delete`;
--> statement-breakpoint
CREATE TRIGGER `audit_entries_delete` AFTER DELETE ON `entries` BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'entries', OLD.id, 'delete', OLD.player_id, NULL, OLD.round_id, json_object('division', OLD.division, 'score', OLD.score, 'ace', OLD.ace, 'payout_cents', OLD.payout_cents, 'payout_adjust_cents', OLD.payout_adjust_cents, 'credit_added_cents', OLD.credit_added_cents, 'credit_used_cents', OLD.credit_used_cents, 'payment_id', OLD.payment_id), NULL);
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `audit_refunds_insert`;
--> statement-breakpoint
CREATE TRIGGER `audit_refunds_insert` AFTER INSERT ON `payment_refunds` BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'payment_refunds', NEW.id, 'insert', (SELECT player_id FROM payments WHERE id = NEW.payment_id), NULL, (SELECT round_id FROM payments WHERE id = NEW.payment_id), NULL, json_object('kind', NEW.kind, 'amount_cents', NEW.amount_cents, 'provider_refund_id', NEW.provider_refund_id, 'resolution', NEW.resolution));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `audit_refunds_update`;
--> statement-breakpoint
CREATE TRIGGER `audit_refunds_update` AFTER UPDATE ON `payment_refunds`
  WHEN NEW.kind IS NOT OLD.kind OR NEW.amount_cents IS NOT OLD.amount_cents OR NEW.provider_refund_id IS NOT OLD.provider_refund_id OR NEW.resolution IS NOT OLD.resolution BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'payment_refunds', NEW.id, 'update', (SELECT player_id FROM payments WHERE id = NEW.payment_id), NULL, (SELECT round_id FROM payments WHERE id = NEW.payment_id), json_object('kind', OLD.kind, 'amount_cents', OLD.amount_cents, 'provider_refund_id', OLD.provider_refund_id, 'resolution', OLD.resolution), json_object('kind', NEW.kind, 'amount_cents', NEW.amount_cents, 'provider_refund_id', NEW.provider_refund_id, 'resolution', NEW.resolution));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `audit_refunds_delete`;
--> statement-breakpoint
CREATE TRIGGER `audit_refunds_delete` AFTER DELETE ON `payment_refunds` BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'payment_refunds', OLD.id, 'delete', (SELECT player_id FROM payments WHERE id = OLD.payment_id), NULL, (SELECT round_id FROM payments WHERE id = OLD.payment_id), json_object('kind', OLD.kind, 'amount_cents', OLD.amount_cents, 'provider_refund_id', OLD.provider_refund_id, 'resolution', OLD.resolution), NULL);
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `audit_aces_insert`;
--> statement-breakpoint
CREATE TRIGGER `audit_aces_insert` AFTER INSERT ON `aces` BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'aces', NEW.id, 'insert', NEW.player_id, NULL, NEW.round_id, NULL, json_object('d', NEW.d, 'player_id', NEW.player_id, 'round_id', NEW.round_id, 'amt_cents', NEW.amt_cents));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `audit_aces_update`;
--> statement-breakpoint
CREATE TRIGGER `audit_aces_update` AFTER UPDATE ON `aces`
  WHEN NEW.d IS NOT OLD.d OR NEW.player_id IS NOT OLD.player_id OR NEW.round_id IS NOT OLD.round_id OR NEW.amt_cents IS NOT OLD.amt_cents BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'aces', NEW.id, 'update', NEW.player_id, NULL, NEW.round_id, json_object('d', OLD.d, 'player_id', OLD.player_id, 'round_id', OLD.round_id, 'amt_cents', OLD.amt_cents), json_object('d', NEW.d, 'player_id', NEW.player_id, 'round_id', NEW.round_id, 'amt_cents', NEW.amt_cents));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `audit_aces_delete`;
--> statement-breakpoint
CREATE TRIGGER `audit_aces_delete` AFTER DELETE ON `aces` BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'aces', OLD.id, 'delete', OLD.player_id, NULL, OLD.round_id, json_object('d', OLD.d, 'player_id', OLD.player_id, 'round_id', OLD.round_id, 'amt_cents', OLD.amt_cents), NULL);
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `audit_rounds_update`;
--> statement-breakpoint
CREATE TRIGGER `audit_rounds_update` AFTER UPDATE OF `d`, `fee_pdga_cents`, `fee_course_cents`, `fee_other_cents`, `ace_cents`, `payout_cents` ON `rounds`
  WHEN NEW.d IS NOT OLD.d OR NEW.fee_pdga_cents IS NOT OLD.fee_pdga_cents OR NEW.fee_course_cents IS NOT OLD.fee_course_cents OR NEW.fee_other_cents IS NOT OLD.fee_other_cents OR NEW.ace_cents IS NOT OLD.ace_cents OR NEW.payout_cents IS NOT OLD.payout_cents BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'rounds', NEW.id, 'update', NULL, NULL, NEW.id, json_object('d', OLD.d, 'fee_pdga_cents', OLD.fee_pdga_cents, 'fee_course_cents', OLD.fee_course_cents, 'fee_other_cents', OLD.fee_other_cents, 'ace_cents', OLD.ace_cents, 'payout_cents', OLD.payout_cents), json_object('d', NEW.d, 'fee_pdga_cents', NEW.fee_pdga_cents, 'fee_course_cents', NEW.fee_course_cents, 'fee_other_cents', NEW.fee_other_cents, 'ace_cents', NEW.ace_cents, 'payout_cents', NEW.payout_cents));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `tag_moves_actor`;
--> statement-breakpoint
CREATE TRIGGER `tag_moves_actor` AFTER INSERT ON `tag_moves` BEGIN
  UPDATE `tag_moves` SET `actor_user_id` = (SELECT user_id FROM audit_actor WHERE id = 1),
    `actor_name` = (SELECT name FROM audit_actor WHERE id = 1),
    `actor_role` = (SELECT role FROM audit_actor WHERE id = 1)
  WHERE `id` = NEW.id;
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `audit_tag_moves_insert`;
--> statement-breakpoint
CREATE TRIGGER `audit_tag_moves_insert` AFTER INSERT ON `tag_moves` WHEN NEW.round_id IS NULL BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'tag_moves', NEW.id, 'insert', coalesce(NEW.to_player_id, NEW.from_player_id), NULL, NULL, NULL, json_object('tag', NEW.tag, 'reason', NEW.reason));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `audit_side_pot_players_insert`;
--> statement-breakpoint
CREATE TRIGGER `audit_side_pot_players_insert` AFTER INSERT ON `side_pot_players` BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'side_pot_players', NEW.pot_id, 'insert', (SELECT player_id FROM entries WHERE id = NEW.entry_id), NULL, (SELECT round_id FROM side_pots WHERE id = NEW.pot_id), NULL,
    json_object('pot', (SELECT name FROM side_pots WHERE id = NEW.pot_id), 'buy_in_cents', (SELECT buy_in_cents FROM side_pots WHERE id = NEW.pot_id)));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `audit_side_pot_players_delete`;
--> statement-breakpoint
CREATE TRIGGER `audit_side_pot_players_delete` AFTER DELETE ON `side_pot_players` BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'side_pot_players', OLD.pot_id, 'delete', (SELECT player_id FROM entries WHERE id = OLD.entry_id), NULL, (SELECT round_id FROM side_pots WHERE id = OLD.pot_id),
    json_object('pot', (SELECT name FROM side_pots WHERE id = OLD.pot_id), 'buy_in_cents', (SELECT buy_in_cents FROM side_pots WHERE id = OLD.pot_id)), NULL);
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `audit_side_pot_marks_insert`;
--> statement-breakpoint
CREATE TRIGGER `audit_side_pot_marks_insert` AFTER INSERT ON `side_pot_marks` BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'side_pot_marks', NEW.pot_id, 'insert', (SELECT player_id FROM entries WHERE id = NEW.entry_id), NULL, (SELECT round_id FROM side_pots WHERE id = NEW.pot_id), NULL,
    json_object('pot', (SELECT name FROM side_pots WHERE id = NEW.pot_id), 'hole', NEW.hole, 'distance_cm', NEW.distance_cm, 'settled', NEW.settled));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `audit_side_pot_marks_update`;
--> statement-breakpoint
CREATE TRIGGER `audit_side_pot_marks_update` AFTER UPDATE ON `side_pot_marks`
  WHEN NEW.distance_cm IS NOT OLD.distance_cm OR NEW.settled IS NOT OLD.settled BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'side_pot_marks', NEW.pot_id, 'update', (SELECT player_id FROM entries WHERE id = NEW.entry_id), NULL, (SELECT round_id FROM side_pots WHERE id = NEW.pot_id),
    json_object('hole', OLD.hole, 'distance_cm', OLD.distance_cm, 'settled', OLD.settled),
    json_object('hole', NEW.hole, 'distance_cm', NEW.distance_cm, 'settled', NEW.settled));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `audit_side_pot_marks_delete`;
--> statement-breakpoint
CREATE TRIGGER `audit_side_pot_marks_delete` AFTER DELETE ON `side_pot_marks` BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'side_pot_marks', OLD.pot_id, 'delete', (SELECT player_id FROM entries WHERE id = OLD.entry_id), NULL, (SELECT round_id FROM side_pots WHERE id = OLD.pot_id),
    json_object('pot', (SELECT name FROM side_pots WHERE id = OLD.pot_id), 'hole', OLD.hole, 'distance_cm', OLD.distance_cm, 'settled', OLD.settled), NULL);
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `audit_side_pot_wins_insert`;
--> statement-breakpoint
CREATE TRIGGER `audit_side_pot_wins_insert` AFTER INSERT ON `side_pot_wins` BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'side_pot_wins', NEW.pot_id, 'insert', (SELECT player_id FROM entries WHERE id = NEW.entry_id), NULL, (SELECT round_id FROM side_pots WHERE id = NEW.pot_id), NULL,
    json_object('pot', (SELECT name FROM side_pots WHERE id = NEW.pot_id), 'hole', NEW.hole, 'amount_cents', NEW.amount_cents));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `audit_side_pot_wins_delete`;
--> statement-breakpoint
CREATE TRIGGER `audit_side_pot_wins_delete` AFTER DELETE ON `side_pot_wins` BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'side_pot_wins', OLD.pot_id, 'delete', (SELECT player_id FROM entries WHERE id = OLD.entry_id), NULL, (SELECT round_id FROM side_pots WHERE id = OLD.pot_id),
    json_object('pot', (SELECT name FROM side_pots WHERE id = OLD.pot_id), 'hole', OLD.hole, 'amount_cents', OLD.amount_cents), NULL);
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `audit_teams_draw`;
--> statement-breakpoint
CREATE TRIGGER `audit_teams_draw` AFTER UPDATE OF `teams_version` ON `rounds` WHEN NEW.teams_version IS NOT OLD.teams_version BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'teams', NEW.id, 'update', NULL, NULL, NEW.id, NULL,
    json_object('teams', (SELECT json_group_array(x) FROM (SELECT e.team || ':' || group_concat(e.player_id, '+') AS x FROM entries e WHERE e.round_id = NEW.id AND e.team IS NOT NULL GROUP BY e.team ORDER BY e.team))));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `audit_payments_insert`;
--> statement-breakpoint
CREATE TRIGGER `audit_payments_insert` AFTER INSERT ON `payments` BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'payments', NEW.id, 'insert', NEW.player_id, NULL, NEW.round_id, NULL, json_object('method', NEW.method, 'status', NEW.status, 'amount_cents', NEW.amount_cents, 'league_fee_cents', NEW.league_fee_cents, 'provider_fee_cents', NEW.provider_fee_cents, 'credit_used_cents', NEW.credit_used_cents, 'capture_id', NEW.capture_id, 'void_reason', NEW.void_reason));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `audit_payments_update`;
--> statement-breakpoint
CREATE TRIGGER `audit_payments_update` AFTER UPDATE OF `method`, `status`, `amount_cents`, `league_fee_cents`, `provider_fee_cents`, `credit_used_cents`, `capture_id`, `void_reason` ON `payments`
  WHEN NEW.method IS NOT OLD.method OR NEW.status IS NOT OLD.status OR NEW.amount_cents IS NOT OLD.amount_cents OR NEW.league_fee_cents IS NOT OLD.league_fee_cents OR NEW.provider_fee_cents IS NOT OLD.provider_fee_cents OR NEW.credit_used_cents IS NOT OLD.credit_used_cents OR NEW.capture_id IS NOT OLD.capture_id OR NEW.void_reason IS NOT OLD.void_reason BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'payments', NEW.id, 'update', NEW.player_id, NULL, NEW.round_id, json_object('method', OLD.method, 'status', OLD.status, 'amount_cents', OLD.amount_cents, 'league_fee_cents', OLD.league_fee_cents, 'provider_fee_cents', OLD.provider_fee_cents, 'credit_used_cents', OLD.credit_used_cents, 'capture_id', OLD.capture_id, 'void_reason', OLD.void_reason), json_object('method', NEW.method, 'status', NEW.status, 'amount_cents', NEW.amount_cents, 'league_fee_cents', NEW.league_fee_cents, 'provider_fee_cents', NEW.provider_fee_cents, 'credit_used_cents', NEW.credit_used_cents, 'capture_id', NEW.capture_id, 'void_reason', NEW.void_reason));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `audit_payments_delete`;
--> statement-breakpoint
CREATE TRIGGER `audit_payments_delete` AFTER DELETE ON `payments` BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'payments', OLD.id, 'delete', OLD.player_id, NULL, OLD.round_id, json_object('method', OLD.method, 'status', OLD.status, 'amount_cents', OLD.amount_cents, 'league_fee_cents', OLD.league_fee_cents, 'provider_fee_cents', OLD.provider_fee_cents, 'credit_used_cents', OLD.credit_used_cents, 'capture_id', OLD.capture_id, 'void_reason', OLD.void_reason), NULL);
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `audit_transfers_insert`;
--> statement-breakpoint
CREATE TRIGGER `audit_transfers_insert` AFTER INSERT ON `transfers` BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'transfers', NEW.id, 'insert', NEW.from_player_id, NEW.to_player_id, NULL, NULL, json_object('d', NEW.d, 'from_player_id', NEW.from_player_id, 'to_player_id', NEW.to_player_id, 'amt_cents', NEW.amt_cents, 'description', NEW.description, 'payment_id', NEW.payment_id, 'excess_payment_id', NEW.excess_payment_id));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `audit_transfers_update`;
--> statement-breakpoint
CREATE TRIGGER `audit_transfers_update` AFTER UPDATE ON `transfers`
  WHEN NEW.d IS NOT OLD.d OR NEW.from_player_id IS NOT OLD.from_player_id OR NEW.to_player_id IS NOT OLD.to_player_id OR NEW.amt_cents IS NOT OLD.amt_cents OR NEW.description IS NOT OLD.description OR NEW.payment_id IS NOT OLD.payment_id OR NEW.excess_payment_id IS NOT OLD.excess_payment_id BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'transfers', NEW.id, 'update', NEW.from_player_id, NEW.to_player_id, NULL, json_object('d', OLD.d, 'from_player_id', OLD.from_player_id, 'to_player_id', OLD.to_player_id, 'amt_cents', OLD.amt_cents, 'description', OLD.description, 'payment_id', OLD.payment_id, 'excess_payment_id', OLD.excess_payment_id), json_object('d', NEW.d, 'from_player_id', NEW.from_player_id, 'to_player_id', NEW.to_player_id, 'amt_cents', NEW.amt_cents, 'description', NEW.description, 'payment_id', NEW.payment_id, 'excess_payment_id', NEW.excess_payment_id));
END;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `audit_transfers_delete`;
--> statement-breakpoint
CREATE TRIGGER `audit_transfers_delete` AFTER DELETE ON `transfers` BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM audit_actor WHERE id = 1), (SELECT role FROM audit_actor WHERE id = 1),
    'transfers', OLD.id, 'delete', OLD.from_player_id, OLD.to_player_id, NULL, json_object('d', OLD.d, 'from_player_id', OLD.from_player_id, 'to_player_id', OLD.to_player_id, 'amt_cents', OLD.amt_cents, 'description', OLD.description, 'payment_id', OLD.payment_id, 'excess_payment_id', OLD.excess_payment_id), NULL);
END;
