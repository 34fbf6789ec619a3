CREATE TABLE `phone_codes` (
	`phone_digest` text PRIMARY KEY NOT NULL,
	`code_hash` text NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `phone_codes_expires_at` ON `phone_codes` (`expires_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `phone_verified_at` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `users_proved_phone_unique` ON `users` (`phone`) WHERE "users"."phone_verified_at" IS NOT NULL;