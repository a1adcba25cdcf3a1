CREATE TABLE `player_stats` (
	`player_id` integer PRIMARY KEY NOT NULL,
	`round_count` integer DEFAULT 0 NOT NULL,
	`score_sum` integer DEFAULT 0 NOT NULL,
	`wins` integer DEFAULT 0 NOT NULL,
	`best_score` integer,
	`credit_cents` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `round_stats` (
	`round_id` integer PRIMARY KEY NOT NULL,
	`ace_entries` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`round_id`) REFERENCES `rounds`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `entries_round_score_idx` ON `entries` (`round_id`,`score`,`player_id`);--> statement-breakpoint
-- Hand-written below: the triggers that keep player_stats and round_stats as entries are written, by any
-- path (sign-ups, admin edits, the score and payout batches of ADR 14, cascades from a
-- round delete), and the backfill. Counts and sums move by the row's delta; the best score
-- is re-read from entries_player_stats_idx (player_id, score, …): one index seek.
CREATE TRIGGER `entries_stats_insert` AFTER INSERT ON `entries` BEGIN
  INSERT INTO `player_stats` (`player_id`, `round_count`, `score_sum`, `wins`, `best_score`, `credit_cents`)
  VALUES (
    NEW.player_id,
    NEW.score > 0,
    CASE WHEN NEW.score > 0 THEN NEW.score ELSE 0 END,
    NEW.score > 0 AND coalesce(NEW.result, '') LIKE '1/%',
    (SELECT min(score) FROM entries WHERE player_id = NEW.player_id AND score > 0),
    NEW.credit_added_cents - NEW.credit_used_cents
  )
  ON CONFLICT (`player_id`) DO UPDATE SET
    `round_count` = `round_count` + excluded.`round_count`,
    `score_sum` = `score_sum` + excluded.`score_sum`,
    `wins` = `wins` + excluded.`wins`,
    `best_score` = excluded.`best_score`,
    `credit_cents` = `credit_cents` + excluded.`credit_cents`;
END;
--> statement-breakpoint
CREATE TRIGGER `entries_stats_delete` AFTER DELETE ON `entries` BEGIN
  UPDATE `player_stats` SET
    `round_count` = `round_count` - (OLD.score > 0),
    `score_sum` = `score_sum` - CASE WHEN OLD.score > 0 THEN OLD.score ELSE 0 END,
    `wins` = `wins` - (OLD.score > 0 AND coalesce(OLD.result, '') LIKE '1/%'),
    `best_score` = (SELECT min(score) FROM entries WHERE player_id = OLD.player_id AND score > 0),
    `credit_cents` = `credit_cents` - (OLD.credit_added_cents - OLD.credit_used_cents)
  WHERE `player_id` = OLD.player_id;
END;
--> statement-breakpoint
CREATE TRIGGER `entries_stats_update` AFTER UPDATE OF `player_id`, `score`, `result`, `credit_added_cents`, `credit_used_cents` ON `entries` BEGIN
  UPDATE `player_stats` SET
    `round_count` = `round_count` - (OLD.score > 0),
    `score_sum` = `score_sum` - CASE WHEN OLD.score > 0 THEN OLD.score ELSE 0 END,
    `wins` = `wins` - (OLD.score > 0 AND coalesce(OLD.result, '') LIKE '1/%'),
    `best_score` = (SELECT min(score) FROM entries WHERE player_id = OLD.player_id AND score > 0),
    `credit_cents` = `credit_cents` - (OLD.credit_added_cents - OLD.credit_used_cents)
  WHERE `player_id` = OLD.player_id;
  INSERT INTO `player_stats` (`player_id`, `round_count`, `score_sum`, `wins`, `best_score`, `credit_cents`)
  VALUES (
    NEW.player_id,
    NEW.score > 0,
    CASE WHEN NEW.score > 0 THEN NEW.score ELSE 0 END,
    NEW.score > 0 AND coalesce(NEW.result, '') LIKE '1/%',
    (SELECT min(score) FROM entries WHERE player_id = NEW.player_id AND score > 0),
    NEW.credit_added_cents - NEW.credit_used_cents
  )
  ON CONFLICT (`player_id`) DO UPDATE SET
    `round_count` = `round_count` + excluded.`round_count`,
    `score_sum` = `score_sum` + excluded.`score_sum`,
    `wins` = `wins` + excluded.`wins`,
    `best_score` = excluded.`best_score`,
    `credit_cents` = `credit_cents` + excluded.`credit_cents`;
END;
--> statement-breakpoint
INSERT INTO `player_stats` (`player_id`, `round_count`, `score_sum`, `wins`, `best_score`, `credit_cents`)
SELECT
  player_id,
  sum(score > 0),
  sum(CASE WHEN score > 0 THEN score ELSE 0 END),
  sum(score > 0 AND coalesce(result, '') LIKE '1/%'),
  min(CASE WHEN score > 0 THEN score END),
  sum(credit_added_cents - credit_used_cents)
FROM entries GROUP BY player_id;
--> statement-breakpoint
-- The ace fund's entries per round (the pot, services/balance.ts acePotCentsSql).
CREATE TRIGGER `entries_round_stats_insert` AFTER INSERT ON `entries` BEGIN
  INSERT INTO `round_stats` (`round_id`, `ace_entries`) VALUES (NEW.round_id, NEW.ace = 1)
  ON CONFLICT (`round_id`) DO UPDATE SET `ace_entries` = `ace_entries` + excluded.`ace_entries`;
END;
--> statement-breakpoint
CREATE TRIGGER `entries_round_stats_delete` AFTER DELETE ON `entries` BEGIN
  UPDATE `round_stats` SET `ace_entries` = `ace_entries` - (OLD.ace = 1) WHERE `round_id` = OLD.round_id;
END;
--> statement-breakpoint
CREATE TRIGGER `entries_round_stats_update` AFTER UPDATE OF `ace`, `round_id` ON `entries` BEGIN
  UPDATE `round_stats` SET `ace_entries` = `ace_entries` - (OLD.ace = 1) WHERE `round_id` = OLD.round_id;
  INSERT INTO `round_stats` (`round_id`, `ace_entries`) VALUES (NEW.round_id, NEW.ace = 1)
  ON CONFLICT (`round_id`) DO UPDATE SET `ace_entries` = `ace_entries` + excluded.`ace_entries`;
END;
--> statement-breakpoint
INSERT INTO `round_stats` (`round_id`, `ace_entries`)
SELECT round_id, sum(ace = 1) FROM entries GROUP BY round_id;
