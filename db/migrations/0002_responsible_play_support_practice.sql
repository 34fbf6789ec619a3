CREATE TABLE `room_bots` (
	`room_id` text NOT NULL,
	`uid` text NOT NULL,
	`name` text NOT NULL,
	`seat_index` integer NOT NULL,
	PRIMARY KEY(`room_id`, `uid`),
	FOREIGN KEY (`room_id`) REFERENCES `rooms`(`room_id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "room_bots_uid" CHECK("room_bots"."uid" LIKE 'bot:%')
);
--> statement-breakpoint
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
CREATE INDEX `self_exclusions_user` ON `self_exclusions` (`user_id`,`started_at`);--> statement-breakpoint
CREATE TABLE `admin_audit` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`admin_id` text NOT NULL,
	`action` text NOT NULL,
	`target` text NOT NULL,
	`detail` text NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`admin_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `admin_audit_at` ON `admin_audit` (`at`);--> statement-breakpoint
CREATE TABLE `support_replies` (
	`id` text PRIMARY KEY NOT NULL,
	`ticket_id` text NOT NULL,
	`admin_id` text NOT NULL,
	`message` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`ticket_id`) REFERENCES `support_tickets`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`admin_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `support_replies_ticket` ON `support_replies` (`ticket_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `support_tickets` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`topic` text NOT NULL,
	`message` text NOT NULL,
	`reference` text,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `support_tickets_user` ON `support_tickets` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `support_tickets_created` ON `support_tickets` (`created_at`);--> statement-breakpoint
ALTER TABLE `rooms` ADD `rematch_room_id` text;--> statement-breakpoint
ALTER TABLE `rooms` ADD `practice` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `erased_at` integer;