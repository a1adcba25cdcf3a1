DROP INDEX `league_prefs_user_idx`;--> statement-breakpoint
DROP INDEX `league_prefs_calendar_token_uq`;--> statement-breakpoint
CREATE UNIQUE INDEX `league_prefs_calendar_token_uq` ON `league_prefs` (`league_id`,`calendar_token`);--> statement-breakpoint
DROP INDEX `card_players_card_idx`;--> statement-breakpoint
CREATE INDEX `card_players_card_idx` ON `card_players` (`league_id`,`card_id`,`position`);--> statement-breakpoint
DROP INDEX `entries_player_credit_idx`;--> statement-breakpoint
DROP INDEX `entries_round_ace_idx`;--> statement-breakpoint
DROP INDEX `entries_player_stats_idx`;--> statement-breakpoint
DROP INDEX `entries_round_score_idx`;--> statement-breakpoint
CREATE INDEX `entries_player_credit_idx` ON `entries` (`league_id`,`player_id`,`credit_added_cents`,`credit_used_cents`);--> statement-breakpoint
CREATE INDEX `entries_round_ace_idx` ON `entries` (`league_id`,`round_id`,`ace`);--> statement-breakpoint
CREATE INDEX `entries_player_stats_idx` ON `entries` (`league_id`,`player_id`,`score`,`round_id`,`result`);--> statement-breakpoint
CREATE INDEX `entries_round_score_idx` ON `entries` (`league_id`,`round_id`,`score`,`player_id`);--> statement-breakpoint
DROP INDEX `aces_d_idx`;--> statement-breakpoint
DROP INDEX `aces_round_idx`;--> statement-breakpoint
CREATE INDEX `aces_player_idx` ON `aces` (`league_id`,`player_id`);--> statement-breakpoint
CREATE INDEX `aces_d_idx` ON `aces` (`league_id`,`d`);--> statement-breakpoint
CREATE INDEX `aces_round_idx` ON `aces` (`league_id`,`round_id`);--> statement-breakpoint
DROP INDEX `payment_refunds_payment_idx`;--> statement-breakpoint
CREATE INDEX `payment_refunds_payment_idx` ON `payment_refunds` (`league_id`,`payment_id`);--> statement-breakpoint
DROP INDEX `payments_user_idx`;--> statement-breakpoint
DROP INDEX `payments_round_idx`;--> statement-breakpoint
CREATE INDEX `payments_user_idx` ON `payments` (`league_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `payments_round_idx` ON `payments` (`league_id`,`round_id`);--> statement-breakpoint
DROP INDEX `transfers_from_idx`;--> statement-breakpoint
DROP INDEX `transfers_to_idx`;--> statement-breakpoint
DROP INDEX `transfers_d_idx`;--> statement-breakpoint
CREATE INDEX `transfers_from_idx` ON `transfers` (`league_id`,`from_player_id`,`amt_cents`);--> statement-breakpoint
CREATE INDEX `transfers_to_idx` ON `transfers` (`league_id`,`to_player_id`,`amt_cents`);--> statement-breakpoint
CREATE INDEX `transfers_d_idx` ON `transfers` (`league_id`,`d`);--> statement-breakpoint
DROP INDEX `claims_user_idx`;--> statement-breakpoint
DROP INDEX `claims_status_idx`;--> statement-breakpoint
DROP INDEX `claims_player_idx`;--> statement-breakpoint
CREATE INDEX `claims_user_idx` ON `claims` (`league_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `claims_status_idx` ON `claims` (`league_id`,`status`);--> statement-breakpoint
CREATE INDEX `claims_player_idx` ON `claims` (`league_id`,`player_id`);--> statement-breakpoint
DROP INDEX `players_name_idx`;--> statement-breakpoint
DROP INDEX `players_created_by_idx`;--> statement-breakpoint
CREATE INDEX `players_name_idx` ON `players` (`league_id`,`ln`,`fn`);--> statement-breakpoint
CREATE INDEX `players_created_by_idx` ON `players` (`league_id`,`created_by_user_id`);--> statement-breakpoint
DROP INDEX `rounds_d_idx`;--> statement-breakpoint
DROP INDEX `rounds_layout_idx`;--> statement-breakpoint
CREATE INDEX `rounds_d_idx` ON `rounds` (`league_id`,`d`);--> statement-breakpoint
CREATE INDEX `rounds_layout_idx` ON `rounds` (`league_id`,`layout_id`);--> statement-breakpoint
DROP INDEX `side_pot_marks_entry_idx`;--> statement-breakpoint
CREATE INDEX `side_pot_marks_entry_idx` ON `side_pot_marks` (`league_id`,`entry_id`);--> statement-breakpoint
DROP INDEX `side_pot_players_entry_idx`;--> statement-breakpoint
CREATE INDEX `side_pot_players_entry_idx` ON `side_pot_players` (`league_id`,`entry_id`);--> statement-breakpoint
DROP INDEX `side_pot_wins_entry_idx`;--> statement-breakpoint
CREATE INDEX `side_pot_wins_entry_idx` ON `side_pot_wins` (`league_id`,`entry_id`);--> statement-breakpoint
DROP INDEX `side_pots_name_idx`;--> statement-breakpoint
CREATE INDEX `side_pots_name_idx` ON `side_pots` (`league_id`,`name`,`settled_at`);--> statement-breakpoint
DROP INDEX `audit_log_player_idx`;--> statement-breakpoint
DROP INDEX `audit_log_other_player_idx`;--> statement-breakpoint
DROP INDEX `audit_log_round_idx`;--> statement-breakpoint
DROP INDEX `audit_log_actor_idx`;--> statement-breakpoint
CREATE INDEX `audit_log_league_idx` ON `audit_log` (`league_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_player_idx` ON `audit_log` (`league_id`,`player_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_other_player_idx` ON `audit_log` (`league_id`,`other_player_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_round_idx` ON `audit_log` (`league_id`,`round_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_actor_idx` ON `audit_log` (`league_id`,`actor_user_id`,`id`);--> statement-breakpoint
DROP INDEX `tag_moves_tag_idx`;--> statement-breakpoint
DROP INDEX `tag_moves_at_idx`;--> statement-breakpoint
DROP INDEX `tag_moves_to_idx`;--> statement-breakpoint
DROP INDEX `tag_moves_from_idx`;--> statement-breakpoint
CREATE INDEX `tag_moves_tag_idx` ON `tag_moves` (`league_id`,`tag`,`at`,`id`);--> statement-breakpoint
CREATE INDEX `tag_moves_at_idx` ON `tag_moves` (`league_id`,`at`,`id`);--> statement-breakpoint
CREATE INDEX `tag_moves_to_idx` ON `tag_moves` (`league_id`,`to_player_id`);--> statement-breakpoint
CREATE INDEX `tag_moves_from_idx` ON `tag_moves` (`league_id`,`from_player_id`);--> statement-breakpoint
DROP INDEX `waitlist_round_status_idx`;--> statement-breakpoint
DROP INDEX `waitlist_user_idx`;--> statement-breakpoint
CREATE INDEX `waitlist_round_status_idx` ON `waitlist` (`league_id`,`round_id`,`status`);--> statement-breakpoint
CREATE INDEX `waitlist_user_idx` ON `waitlist` (`league_id`,`user_id`);--> statement-breakpoint
DROP INDEX `waitlist_notices_unmailed_idx`;--> statement-breakpoint
DROP INDEX `waitlist_notices_waitlist_idx`;--> statement-breakpoint
CREATE INDEX `waitlist_notices_unmailed_idx` ON `waitlist_notices` (`league_id`,`mailed_at`);--> statement-breakpoint
CREATE INDEX `waitlist_notices_waitlist_idx` ON `waitlist_notices` (`league_id`,`waitlist_id`);--> statement-breakpoint
CREATE INDEX `layout_holes_league_idx` ON `layout_holes` (`league_id`,`layout_id`,`hole`);--> statement-breakpoint
CREATE INDEX `card_mails_league_idx` ON `card_mails` (`league_id`,`round_id`);--> statement-breakpoint
CREATE INDEX `registration_mails_league_idx` ON `registration_mails` (`league_id`,`round_id`);--> statement-breakpoint
CREATE INDEX `player_stats_league_idx` ON `player_stats` (`league_id`,`player_id`);--> statement-breakpoint
CREATE INDEX `round_stats_league_idx` ON `round_stats` (`league_id`,`round_id`);