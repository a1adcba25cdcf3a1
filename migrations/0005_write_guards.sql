CREATE TABLE `write_guards` (
	`round_changed` integer,
	`overdrawn` integer,
	CONSTRAINT "round_changed" CHECK("write_guards"."round_changed" is null),
	CONSTRAINT "overdrawn" CHECK("write_guards"."overdrawn" is null)
);
