CREATE TABLE `accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`user_id` text,
	`balance` integer DEFAULT 0 NOT NULL,
	`may_go_negative` integer DEFAULT false NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "accounts_balance_non_negative" CHECK("accounts"."may_go_negative" = 1 OR "accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE INDEX `accounts_user_id` ON `accounts` (`user_id`);--> statement-breakpoint
CREATE TABLE `admin_errors` (
	`id` text PRIMARY KEY NOT NULL,
	`message` text NOT NULL,
	`details` text,
	`room_id` text,
	`timestamp` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `admin_errors_timestamp` ON `admin_errors` (`timestamp`);--> statement-breakpoint
CREATE TABLE `admin_revenue` (
	`id` text PRIMARY KEY NOT NULL,
	`room_id` text NOT NULL,
	`amount` integer NOT NULL,
	`total_pot` integer NOT NULL,
	`number_of_players` integer NOT NULL,
	`timestamp` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `admin_revenue_room_id` ON `admin_revenue` (`room_id`);--> statement-breakpoint
CREATE INDEX `admin_revenue_timestamp` ON `admin_revenue` (`timestamp`);--> statement-breakpoint
CREATE TABLE `admin_totals` (
	`key` text PRIMARY KEY NOT NULL,
	`total` integer DEFAULT 0 NOT NULL,
	`last_updated` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `game_history` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`room_id` text NOT NULL,
	`result` text NOT NULL,
	`prize` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`room_id`) REFERENCES `rooms`(`room_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `game_history_user_room` ON `game_history` (`user_id`,`room_id`);--> statement-breakpoint
CREATE INDEX `game_history_user_created` ON `game_history` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `game_results` (
	`room_id` text PRIMARY KEY NOT NULL,
	`record` text NOT NULL,
	`settled_at` integer NOT NULL,
	FOREIGN KEY (`room_id`) REFERENCES `rooms`(`room_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `login_throttle` (
	`key` text PRIMARY KEY NOT NULL,
	`failures` integer DEFAULT 0 NOT NULL,
	`last_failure_at` integer NOT NULL,
	`blocked_until` integer
);
--> statement-breakpoint
CREATE TABLE `payment_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`payment_id` text NOT NULL,
	`status` text NOT NULL,
	`source` text NOT NULL,
	`payload` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payment_requests`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `payment_events_payment_id` ON `payment_events` (`payment_id`);--> statement-breakpoint
CREATE TABLE `payment_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`provider` text NOT NULL,
	`provider_ref` text,
	`phone` text NOT NULL,
	`operator` text NOT NULL,
	`amount` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`failure_reason` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`last_checked_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "payment_requests_amount_positive" CHECK("payment_requests"."amount" > 0)
);
--> statement-breakpoint
CREATE INDEX `payment_requests_status_checked` ON `payment_requests` (`status`,`last_checked_at`);--> statement-breakpoint
CREATE INDEX `payment_requests_user_id` ON `payment_requests` (`user_id`);--> statement-breakpoint
CREATE TABLE `postings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`transfer_id` text NOT NULL,
	`account_id` text NOT NULL,
	`amount` integer NOT NULL,
	FOREIGN KEY (`transfer_id`) REFERENCES `transfers`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`account_id`) REFERENCES `accounts`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "postings_amount_non_zero" CHECK("postings"."amount" <> 0)
);
--> statement-breakpoint
CREATE INDEX `postings_transfer_id` ON `postings` (`transfer_id`);--> statement-breakpoint
CREATE INDEX `postings_account_id` ON `postings` (`account_id`);--> statement-breakpoint
CREATE TABLE `room_seats` (
	`room_id` text NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`seat_index` integer NOT NULL,
	`client_seed` text,
	`joined_at` integer NOT NULL,
	PRIMARY KEY(`room_id`, `user_id`),
	FOREIGN KEY (`room_id`) REFERENCES `rooms`(`room_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `room_seats_room_seat_index` ON `room_seats` (`room_id`,`seat_index`);--> statement-breakpoint
CREATE INDEX `room_seats_user_id` ON `room_seats` (`user_id`);--> statement-breakpoint
CREATE TABLE `rooms` (
	`room_id` text PRIMARY KEY NOT NULL,
	`room_name` text NOT NULL,
	`host_id` text NOT NULL,
	`amount` integer NOT NULL,
	`time_minutes` integer NOT NULL,
	`max_players` integer NOT NULL,
	`privacy` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`status` text DEFAULT 'waiting' NOT NULL,
	`server_seed` text NOT NULL,
	`server_seed_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`closed_at` integer,
	`settled_at` integer,
	FOREIGN KEY (`host_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "rooms_amount_positive" CHECK("rooms"."amount" > 0),
	CONSTRAINT "rooms_max_players" CHECK("rooms"."max_players" BETWEEN 2 AND 6)
);
--> statement-breakpoint
CREATE INDEX `rooms_listing` ON `rooms` (`is_active`,`privacy`,`status`);--> statement-breakpoint
CREATE INDEX `rooms_expires_at` ON `rooms` (`expires_at`);--> statement-breakpoint
CREATE TABLE `sandbox_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`msisdn` text NOT NULL,
	`amount` text NOT NULL,
	`status` text NOT NULL,
	`failure_code` text,
	`created_at` integer NOT NULL,
	`completes_at` integer NOT NULL,
	`callback_delivered_at` integer
);
--> statement-breakpoint
CREATE INDEX `sandbox_payments_due` ON `sandbox_payments` (`callback_delivered_at`,`completes_at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_id` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `transfers` (
	`id` text PRIMARY KEY NOT NULL,
	`idempotency_key` text NOT NULL,
	`reason` text NOT NULL,
	`reference` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `transfers_idempotency_key_unique` ON `transfers` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `transfers_reference` ON `transfers` (`reference`);--> statement-breakpoint
CREATE TABLE `user_transactions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`amount` integer NOT NULL,
	`status` text NOT NULL,
	`reference` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "user_transactions_amount_positive" CHECK("user_transactions"."amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_transactions_type_reference_user` ON `user_transactions` (`type`,`reference`,`user_id`);--> statement-breakpoint
CREATE INDEX `user_transactions_history` ON `user_transactions` (`user_id`,"created_at" desc,`id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`first_name` text DEFAULT '' NOT NULL,
	`last_name` text DEFAULT '' NOT NULL,
	`phone` text,
	`email` text,
	`password_hash` text,
	`is_admin` integer DEFAULT false NOT NULL,
	`is_guest` integer DEFAULT false NOT NULL,
	`google_sub` text,
	`current_room_id` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	CONSTRAINT "users_email_lower_case" CHECK("users"."email" IS NULL OR "users"."email" = lower("users"."email"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE UNIQUE INDEX `users_google_sub_unique` ON `users` (`google_sub`);