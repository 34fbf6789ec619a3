CREATE TABLE `consents` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`version` text,
	`accepted_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `consents_user_kind` ON `consents` (`user_id`,`kind`);--> statement-breakpoint
CREATE TABLE `play_limits` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`amount` integer,
	`requested_at` integer NOT NULL,
	`effective_at` integer NOT NULL,
	`cancelled_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "play_limits_amount_positive" CHECK("play_limits"."amount" IS NULL OR "play_limits"."amount" > 0)
);
--> statement-breakpoint
CREATE INDEX `play_limits_user_kind` ON `play_limits` (`user_id`,`kind`,`effective_at`);--> statement-breakpoint
CREATE TABLE `self_exclusions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`period` text NOT NULL,
	`started_at` integer NOT NULL,
	`until` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `self_exclusions_user` ON `self_exclusions` (`user_id`,`started_at`);