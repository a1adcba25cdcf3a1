-- Before the one-open-claim rule: a user's older open claims (or any beside an approved
-- one) are withdrawn, so the index can be built on data the old rules allowed.
UPDATE `claims` SET `status` = 'withdrawn', `updated_at` = unixepoch()
WHERE `status` IN ('pending', 'conflict') AND EXISTS (
  SELECT 1 FROM `claims` c2
  WHERE c2.`user_id` = `claims`.`user_id` AND c2.`id` <> `claims`.`id`
    AND (c2.`status` = 'approved' OR (c2.`status` IN ('pending', 'conflict') AND c2.`id` > `claims`.`id`))
);--> statement-breakpoint
DROP INDEX `claims_user_approved_uq`;--> statement-breakpoint
CREATE UNIQUE INDEX `claims_user_open_uq` ON `claims` (`user_id`) WHERE status in ('pending', 'approved', 'conflict');