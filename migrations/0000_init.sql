CREATE TABLE `aces` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`d` integer NOT NULL,
	`player_id` integer NOT NULL,
	`round_id` integer,
	`amt_cents` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`round_id`) REFERENCES `rounds`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "aces_amt_positive" CHECK("aces"."amt_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX `aces_d_idx` ON `aces` (`d`);--> statement-breakpoint
CREATE TABLE `claims` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`player_id` integer NOT NULL,
	`status` text NOT NULL,
	`note` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	`approved_at` integer,
	`rejected_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `claims_player_approved_uq` ON `claims` (`player_id`) WHERE status = 'approved';--> statement-breakpoint
CREATE UNIQUE INDEX `claims_user_approved_uq` ON `claims` (`user_id`) WHERE status = 'approved';--> statement-breakpoint
CREATE INDEX `claims_user_idx` ON `claims` (`user_id`);--> statement-breakpoint
CREATE INDEX `claims_status_idx` ON `claims` (`status`);--> statement-breakpoint
CREATE TABLE `entries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`round_id` integer NOT NULL,
	`player_id` integer NOT NULL,
	`division` text NOT NULL,
	`ace` integer DEFAULT true NOT NULL,
	`score` integer DEFAULT 0 NOT NULL,
	`payout_cents` integer DEFAULT 0 NOT NULL,
	`payout_adjust_cents` integer DEFAULT 0 NOT NULL,
	`credit_added_cents` integer DEFAULT 0 NOT NULL,
	`credit_used_cents` integer DEFAULT 0 NOT NULL,
	`payment_id` integer,
	`result` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`round_id`) REFERENCES `rounds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `entries_round_player_uq` ON `entries` (`round_id`,`player_id`);--> statement-breakpoint
CREATE INDEX `entries_player_idx` ON `entries` (`player_id`);--> statement-breakpoint
CREATE TABLE `password_resets` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `password_resets_token_uq` ON `password_resets` (`token_hash`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`round_id` integer NOT NULL,
	`player_id` integer NOT NULL,
	`method` text NOT NULL,
	`status` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`league_fee_cents` integer DEFAULT 0 NOT NULL,
	`provider_fee_cents` integer,
	`credit_used_cents` integer DEFAULT 0 NOT NULL,
	`ace_opt_in` integer DEFAULT true NOT NULL,
	`division` text NOT NULL,
	`transaction_id` text,
	`payment_data` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`round_id`) REFERENCES `rounds`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payments_transaction_uq` ON `payments` (`transaction_id`);--> statement-breakpoint
CREATE INDEX `payments_user_idx` ON `payments` (`user_id`);--> statement-breakpoint
CREATE INDEX `payments_round_idx` ON `payments` (`round_id`);--> statement-breakpoint
CREATE TABLE `players` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`fn` text NOT NULL,
	`ln` text NOT NULL,
	`pdga` text,
	`division` text NOT NULL,
	`inactive` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `players_name_idx` ON `players` (`ln`,`fn`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`window_start` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `rounds` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`d` integer NOT NULL,
	`n` text NOT NULL,
	`loc` text NOT NULL,
	`fee_pdga_cents` integer NOT NULL,
	`fee_course_cents` integer NOT NULL,
	`fee_other_cents` integer NOT NULL,
	`ace_cents` integer NOT NULL,
	`payout_cents` integer NOT NULL,
	`pdga_url` text,
	`open_for_registration` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rounds_d_idx` ON `rounds` (`d`);--> statement-breakpoint
CREATE TABLE `transfers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`d` integer NOT NULL,
	`from_player_id` integer,
	`to_player_id` integer,
	`amt_cents` integer NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`from_player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`to_player_id`) REFERENCES `players`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "transfers_amt_positive" CHECK("transfers"."amt_cents" > 0),
	CONSTRAINT "transfers_sides_differ" CHECK("transfers"."from_player_id" IS NULL OR "transfers"."to_player_id" IS NULL OR "transfers"."from_player_id" <> "transfers"."to_player_id")
);
--> statement-breakpoint
CREATE INDEX `transfers_from_idx` ON `transfers` (`from_player_id`);--> statement-breakpoint
CREATE INDEX `transfers_to_idx` ON `transfers` (`to_player_id`);--> statement-breakpoint
CREATE INDEX `transfers_d_idx` ON `transfers` (`d`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`password_hash` text NOT NULL,
	`is_admin` integer DEFAULT false NOT NULL,
	`locked` integer DEFAULT false NOT NULL,
	`session_version` integer DEFAULT 0 NOT NULL,
	`last_login` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_uq` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `webhook_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`received_at` integer DEFAULT (unixepoch()) NOT NULL,
	`processed_at` integer
);
