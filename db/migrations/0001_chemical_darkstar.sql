CREATE TABLE `rate_limit_counters` (
	`key` text PRIMARY KEY NOT NULL,
	`count` integer NOT NULL,
	`window_ends_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limit_counters_window_ends_at` ON `rate_limit_counters` (`window_ends_at`);