CREATE TABLE `page_cache_keys` (
	`url` text NOT NULL,
	`tag` text NOT NULL,
	PRIMARY KEY(`tag`, `url`)
);
