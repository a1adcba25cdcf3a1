CREATE TABLE `card_mails` (
	`round_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`published_at` integer NOT NULL,
	`mailed_at` integer,
	`created_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`round_id`, `user_id`, `published_at`),
	FOREIGN KEY (`round_id`) REFERENCES `rounds`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- write_guards never holds a row (ADR 14): recreated with its fourth rule, as 0011 did.
DROP TABLE `write_guards`;--> statement-breakpoint
CREATE TABLE `write_guards` (
	`round_changed` integer,
	`overdrawn` integer,
	`pot_negative` integer,
	`cards_changed` integer,
	CONSTRAINT "round_changed" CHECK("round_changed" is null),
	CONSTRAINT "overdrawn" CHECK("overdrawn" is null),
	CONSTRAINT "pot_negative" CHECK("pot_negative" is null),
	CONSTRAINT "cards_changed" CHECK("cards_changed" is null)
);
