CREATE TABLE `carried_exclusions` (
	`id` text PRIMARY KEY NOT NULL,
	`digest` text NOT NULL,
	`period` text NOT NULL,
	`started_at` integer NOT NULL,
	`until` integer,
	`carried_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `carried_exclusions_digest` ON `carried_exclusions` (`digest`);