CREATE TABLE `push_subscriptions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`endpoint` text NOT NULL,
	`p256dh` text NOT NULL,
	`auth` text NOT NULL,
	`sid` text,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	`checked_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `push_subscriptions_endpoint_uq` ON `push_subscriptions` (`endpoint`);--> statement-breakpoint
CREATE INDEX `push_subscriptions_user_idx` ON `push_subscriptions` (`user_id`);--> statement-breakpoint
CREATE TABLE `message_prefs` (
	`league_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`channel` text NOT NULL,
	PRIMARY KEY(`league_id`, `user_id`, `kind`),
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "message_prefs_kind" CHECK("message_prefs"."kind" in ('cards', 'reminder', 'waitlist', 'owed', 'results', 'cancelled', 'ace', 'organiser')),
	CONSTRAINT "message_prefs_channel" CHECK("message_prefs"."channel" in ('push', 'mail', 'off'))
);
--> statement-breakpoint
CREATE TABLE `message_recipients` (
	`league_id` integer NOT NULL,
	`message_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`url` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`detail` text,
	`not_before` integer,
	`claimed_at` integer,
	`tries` integer DEFAULT 0 NOT NULL,
	`sent_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`message_id`, `user_id`),
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`league_id`,`message_id`) REFERENCES `messages`(`league_id`,`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "message_recipients_status" CHECK("message_recipients"."status" in ('queued', 'held', 'sending', 'pushed', 'mailed', 'refused', 'skipped'))
);
--> statement-breakpoint
CREATE INDEX `message_recipients_user_idx` ON `message_recipients` (`league_id`,`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `message_recipients_due_idx` ON `message_recipients` (`status`,`not_before`);--> statement-breakpoint
CREATE TABLE `messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`league_id` integer NOT NULL,
	`kind` text NOT NULL,
	`round_id` integer,
	`key` text NOT NULL,
	`title` text NOT NULL,
	`body` text NOT NULL,
	`audience` text,
	`push` integer DEFAULT true NOT NULL,
	`mail` integer DEFAULT true NOT NULL,
	`test` integer DEFAULT false NOT NULL,
	`created_by` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`league_id`,`round_id`) REFERENCES `rounds`(`league_id`,`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "messages_kind" CHECK("messages"."kind" in ('cards', 'reminder', 'waitlist', 'owed', 'results', 'cancelled', 'ace', 'organiser'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `messages_league_uq` ON `messages` (`league_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `messages_key_uq` ON `messages` (`league_id`,`key`);--> statement-breakpoint
CREATE INDEX `messages_round_idx` ON `messages` (`league_id`,`round_id`);--> statement-breakpoint
CREATE INDEX `messages_kind_created_idx` ON `messages` (`league_id`,`kind`,`created_at`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_write_guards` (
	`round_changed` integer,
	`overdrawn` integer,
	`pot_negative` integer,
	`cards_changed` integer,
	`field_full` integer,
	`tags_changed` integer,
	`registration_closed` integer,
	`league_inactive` integer,
	`message_limit` integer,
	CONSTRAINT "round_changed" CHECK("__new_write_guards"."round_changed" is null),
	CONSTRAINT "overdrawn" CHECK("__new_write_guards"."overdrawn" is null),
	CONSTRAINT "pot_negative" CHECK("__new_write_guards"."pot_negative" is null),
	CONSTRAINT "cards_changed" CHECK("__new_write_guards"."cards_changed" is null),
	CONSTRAINT "field_full" CHECK("__new_write_guards"."field_full" is null),
	CONSTRAINT "tags_changed" CHECK("__new_write_guards"."tags_changed" is null),
	CONSTRAINT "registration_closed" CHECK("__new_write_guards"."registration_closed" is null),
	CONSTRAINT "league_inactive" CHECK("__new_write_guards"."league_inactive" is null),
	CONSTRAINT "message_limit" CHECK("__new_write_guards"."message_limit" is null)
);
--> statement-breakpoint
INSERT INTO `__new_write_guards`("round_changed", "overdrawn", "pot_negative", "cards_changed", "field_full", "tags_changed", "registration_closed", "league_inactive") SELECT "round_changed", "overdrawn", "pot_negative", "cards_changed", "field_full", "tags_changed", "registration_closed", "league_inactive" FROM `write_guards`;--> statement-breakpoint
DROP TABLE `write_guards`;--> statement-breakpoint
ALTER TABLE `__new_write_guards` RENAME TO `write_guards`;--> statement-breakpoint
PRAGMA foreign_keys=ON;