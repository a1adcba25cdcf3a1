CREATE TABLE `league_invites` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`league_id` integer NOT NULL,
	`email` text NOT NULL,
	`role` text NOT NULL,
	`token_hash` text NOT NULL,
	`invited_by` integer,
	`expires_at` integer NOT NULL,
	`accepted_at` integer,
	`accepted_by` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`accepted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "league_invites_role" CHECK("league_invites"."role" in ('admin', 'director', 'player'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `league_invites_token_uq` ON `league_invites` (`token_hash`);--> statement-breakpoint
CREATE INDEX `league_invites_league_idx` ON `league_invites` (`league_id`,`email`);--> statement-breakpoint
CREATE TABLE `league_paypal` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`league_id` integer NOT NULL,
	`api_base` text NOT NULL,
	`client_id` text NOT NULL,
	`secret_sealed` text NOT NULL,
	`webhook_id` text,
	`connected_at` integer,
	`updated_by` integer,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `league_paypal_one` ON `league_paypal` (`league_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `league_paypal_league_uq` ON `league_paypal` (`league_id`,`id`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_memberships` (
	`league_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`role` text NOT NULL,
	`granted_by` integer,
	`granted_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`league_id`, `user_id`),
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`granted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "memberships_role" CHECK("__new_memberships"."role" in ('owner', 'admin', 'director', 'player'))
);
--> statement-breakpoint
INSERT INTO `__new_memberships`("league_id", "user_id", "role", "granted_by", "granted_at") SELECT "league_id", "user_id", "role", "granted_by", "granted_at" FROM `memberships`;--> statement-breakpoint
DROP TABLE `memberships`;--> statement-breakpoint
ALTER TABLE `__new_memberships` RENAME TO `memberships`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `memberships_one_owner` ON `memberships` (`league_id`) WHERE "memberships"."role" = 'owner';--> statement-breakpoint
CREATE INDEX `memberships_user_idx` ON `memberships` (`user_id`);--> statement-breakpoint
ALTER TABLE `leagues` ADD `town` text;--> statement-breakpoint
ALTER TABLE `leagues` ADD `hidden_by_owner` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `leagues` ADD `hidden_by_operator` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `leagues` ADD `suspended_at` integer;--> statement-breakpoint
ALTER TABLE `leagues` ADD `closed_at` integer;--> statement-breakpoint
ALTER TABLE `leagues` ADD `join_code` text;--> statement-breakpoint
ALTER TABLE `leagues` ADD `created_by` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `leagues_join_code` ON `leagues` (`join_code`);--> statement-breakpoint
CREATE INDEX `leagues_created_by_idx` ON `leagues` (`created_by`);