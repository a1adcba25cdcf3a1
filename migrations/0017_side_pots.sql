CREATE TABLE `side_pot_marks` (
	`pot_id` integer NOT NULL,
	`hole` integer NOT NULL,
	`entry_id` integer NOT NULL,
	`distance_cm` integer,
	`settled` integer DEFAULT false NOT NULL,
	`by_user_id` integer,
	`at` integer NOT NULL,
	PRIMARY KEY(`pot_id`, `hole`, `entry_id`),
	FOREIGN KEY (`pot_id`) REFERENCES `side_pots`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`entry_id`) REFERENCES `entries`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`by_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `side_pot_marks_entry_idx` ON `side_pot_marks` (`entry_id`);--> statement-breakpoint
CREATE TABLE `side_pot_players` (
	`pot_id` integer NOT NULL,
	`entry_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`pot_id`, `entry_id`),
	FOREIGN KEY (`pot_id`) REFERENCES `side_pots`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`entry_id`) REFERENCES `entries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `side_pot_players_entry_idx` ON `side_pot_players` (`entry_id`);--> statement-breakpoint
CREATE TABLE `side_pot_wins` (
	`pot_id` integer NOT NULL,
	`hole` integer NOT NULL,
	`entry_id` integer NOT NULL,
	`amount_cents` integer NOT NULL,
	PRIMARY KEY(`pot_id`, `hole`, `entry_id`),
	FOREIGN KEY (`pot_id`) REFERENCES `side_pots`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`entry_id`) REFERENCES `entries`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `side_pot_wins_entry_idx` ON `side_pot_wins` (`entry_id`);--> statement-breakpoint
CREATE TABLE `side_pots` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`round_id` integer NOT NULL,
	`name` text NOT NULL,
	`kind` text NOT NULL,
	`buy_in_cents` integer NOT NULL,
	`holes` text,
	`settled_at` integer,
	`carried_in_cents` integer DEFAULT 0 NOT NULL,
	`prize_cents` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`round_id`) REFERENCES `rounds`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "side_pots_buy_in" CHECK("side_pots"."buy_in_cents" between 1 and 100000),
	CONSTRAINT "side_pots_holes" CHECK(("side_pots"."kind" = 'ctp') = ("side_pots"."holes" is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `side_pots_round_name_uq` ON `side_pots` (`round_id`,`name`);--> statement-breakpoint
CREATE INDEX `side_pots_name_idx` ON `side_pots` (`name`,`settled_at`);--> statement-breakpoint
ALTER TABLE `payments` ADD `side_pot_ids` text;--> statement-breakpoint
-- Hand-written below (ADR 30): who moved a side pot's money, in the audit log beside the
-- rest of the money (ADR 20). A player in or out of a pot changes what their entry costs;
-- a mark names who holds a hole; a win is money paid into credit.
CREATE TRIGGER `audit_side_pot_players_insert` AFTER INSERT ON `side_pot_players` BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM users WHERE id = (SELECT user_id FROM audit_actor WHERE id = 1)), (SELECT role FROM audit_actor WHERE id = 1),
    'side_pot_players', NEW.pot_id, 'insert', (SELECT player_id FROM entries WHERE id = NEW.entry_id), NULL, (SELECT round_id FROM side_pots WHERE id = NEW.pot_id), NULL,
    json_object('pot', (SELECT name FROM side_pots WHERE id = NEW.pot_id), 'buy_in_cents', (SELECT buy_in_cents FROM side_pots WHERE id = NEW.pot_id)));
END;
--> statement-breakpoint
CREATE TRIGGER `audit_side_pot_players_delete` AFTER DELETE ON `side_pot_players` BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM users WHERE id = (SELECT user_id FROM audit_actor WHERE id = 1)), (SELECT role FROM audit_actor WHERE id = 1),
    'side_pot_players', OLD.pot_id, 'delete', (SELECT player_id FROM entries WHERE id = OLD.entry_id), NULL, (SELECT round_id FROM side_pots WHERE id = OLD.pot_id),
    json_object('pot', (SELECT name FROM side_pots WHERE id = OLD.pot_id), 'buy_in_cents', (SELECT buy_in_cents FROM side_pots WHERE id = OLD.pot_id)), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `audit_side_pot_marks_insert` AFTER INSERT ON `side_pot_marks` BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM users WHERE id = (SELECT user_id FROM audit_actor WHERE id = 1)), (SELECT role FROM audit_actor WHERE id = 1),
    'side_pot_marks', NEW.pot_id, 'insert', (SELECT player_id FROM entries WHERE id = NEW.entry_id), NULL, (SELECT round_id FROM side_pots WHERE id = NEW.pot_id), NULL,
    json_object('pot', (SELECT name FROM side_pots WHERE id = NEW.pot_id), 'hole', NEW.hole, 'distance_cm', NEW.distance_cm, 'settled', NEW.settled));
END;
--> statement-breakpoint
CREATE TRIGGER `audit_side_pot_marks_update` AFTER UPDATE ON `side_pot_marks`
  WHEN NEW.distance_cm IS NOT OLD.distance_cm OR NEW.settled IS NOT OLD.settled BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM users WHERE id = (SELECT user_id FROM audit_actor WHERE id = 1)), (SELECT role FROM audit_actor WHERE id = 1),
    'side_pot_marks', NEW.pot_id, 'update', (SELECT player_id FROM entries WHERE id = NEW.entry_id), NULL, (SELECT round_id FROM side_pots WHERE id = NEW.pot_id),
    json_object('hole', OLD.hole, 'distance_cm', OLD.distance_cm, 'settled', OLD.settled),
    json_object('hole', NEW.hole, 'distance_cm', NEW.distance_cm, 'settled', NEW.settled));
END;
--> statement-breakpoint
CREATE TRIGGER `audit_side_pot_marks_delete` AFTER DELETE ON `side_pot_marks` BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM users WHERE id = (SELECT user_id FROM audit_actor WHERE id = 1)), (SELECT role FROM audit_actor WHERE id = 1),
    'side_pot_marks', OLD.pot_id, 'delete', (SELECT player_id FROM entries WHERE id = OLD.entry_id), NULL, (SELECT round_id FROM side_pots WHERE id = OLD.pot_id),
    json_object('pot', (SELECT name FROM side_pots WHERE id = OLD.pot_id), 'hole', OLD.hole, 'distance_cm', OLD.distance_cm, 'settled', OLD.settled), NULL);
END;
--> statement-breakpoint
CREATE TRIGGER `audit_side_pot_wins_insert` AFTER INSERT ON `side_pot_wins` BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM users WHERE id = (SELECT user_id FROM audit_actor WHERE id = 1)), (SELECT role FROM audit_actor WHERE id = 1),
    'side_pot_wins', NEW.pot_id, 'insert', (SELECT player_id FROM entries WHERE id = NEW.entry_id), NULL, (SELECT round_id FROM side_pots WHERE id = NEW.pot_id), NULL,
    json_object('pot', (SELECT name FROM side_pots WHERE id = NEW.pot_id), 'hole', NEW.hole, 'amount_cents', NEW.amount_cents));
END;
--> statement-breakpoint
CREATE TRIGGER `audit_side_pot_wins_delete` AFTER DELETE ON `side_pot_wins` BEGIN
  INSERT INTO audit_log (actor_user_id, actor_name, actor_role, table_name, row_id, action, player_id, other_player_id, round_id, before, after)
  VALUES ((SELECT user_id FROM audit_actor WHERE id = 1), (SELECT name FROM users WHERE id = (SELECT user_id FROM audit_actor WHERE id = 1)), (SELECT role FROM audit_actor WHERE id = 1),
    'side_pot_wins', OLD.pot_id, 'delete', (SELECT player_id FROM entries WHERE id = OLD.entry_id), NULL, (SELECT round_id FROM side_pots WHERE id = OLD.pot_id),
    json_object('pot', (SELECT name FROM side_pots WHERE id = OLD.pot_id), 'hole', OLD.hole, 'amount_cents', OLD.amount_cents), NULL);
END;
--> statement-breakpoint
-- A pot's winnings are rewritten whole, never edited in place.
CREATE TRIGGER `side_pot_wins_no_update` BEFORE UPDATE ON `side_pot_wins` BEGIN
  SELECT RAISE(ABORT, 'side_pot_wins rows are rewritten, not edited');
END;
--> statement-breakpoint
-- Who was in a pot is fixed once it is paid: a change then would break its rollover.
CREATE TRIGGER `side_pot_players_settled_in` BEFORE INSERT ON `side_pot_players`
  WHEN (SELECT settled_at FROM side_pots WHERE id = NEW.pot_id) IS NOT NULL BEGIN
  SELECT RAISE(ABORT, 'side_pot_settled');
END;
--> statement-breakpoint
CREATE TRIGGER `side_pot_players_settled_out` BEFORE DELETE ON `side_pot_players`
  WHEN (SELECT settled_at FROM side_pots WHERE id = OLD.pot_id) IS NOT NULL
    AND EXISTS (SELECT 1 FROM entries WHERE id = OLD.entry_id) BEGIN
  SELECT RAISE(ABORT, 'side_pot_settled');
END;
