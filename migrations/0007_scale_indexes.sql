DROP INDEX `entries_player_idx`;--> statement-breakpoint
CREATE INDEX `entries_player_credit_idx` ON `entries` (`player_id`,`credit_added_cents`,`credit_used_cents`);--> statement-breakpoint
CREATE INDEX `entries_round_ace_idx` ON `entries` (`round_id`,`ace`);--> statement-breakpoint
DROP INDEX `transfers_from_idx`;--> statement-breakpoint
DROP INDEX `transfers_to_idx`;--> statement-breakpoint
CREATE INDEX `transfers_from_idx` ON `transfers` (`from_player_id`,`amt_cents`);--> statement-breakpoint
CREATE INDEX `transfers_to_idx` ON `transfers` (`to_player_id`,`amt_cents`);--> statement-breakpoint
CREATE INDEX `aces_round_idx` ON `aces` (`round_id`);--> statement-breakpoint
CREATE INDEX `claims_player_idx` ON `claims` (`player_id`);