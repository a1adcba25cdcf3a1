CREATE TABLE `memberships` (
	`league_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`role` text NOT NULL,
	`granted_by` integer,
	`granted_at` integer DEFAULT (unixepoch()) NOT NULL,
	PRIMARY KEY(`league_id`, `user_id`),
	FOREIGN KEY (`league_id`) REFERENCES `leagues`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`granted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "memberships_role" CHECK("memberships"."role" in ('owner', 'admin', 'director'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `memberships_one_owner` ON `memberships` (`league_id`) WHERE "memberships"."role" = 'owner';--> statement-breakpoint
CREATE INDEX `memberships_user_idx` ON `memberships` (`user_id`);