ALTER TABLE `entries` ADD `credited_for_cents` integer;--> statement-breakpoint
-- Hand-written below (ADR 37): a round credited before this column existed counts as credited
-- for the payouts its entries hold now, where the credit is exactly what Credit payouts gives.
UPDATE `entries` SET `credited_for_cents` = `credit_added_cents`
  WHERE `credit_added_cents` > 0
    AND `credit_added_cents` = max(0, `payout_cents` + `payout_adjust_cents`)
      + (SELECT coalesce(sum(w.amount_cents), 0) FROM side_pot_wins w WHERE w.entry_id = `entries`.`id`);
