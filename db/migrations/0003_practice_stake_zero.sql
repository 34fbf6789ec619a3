PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_rooms` (
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
	`rematch_room_id` text,
	`practice` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`host_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "rooms_amount_positive" CHECK(("__new_rooms"."practice" = 0 AND "__new_rooms"."amount" > 0) OR ("__new_rooms"."practice" = 1 AND "__new_rooms"."amount" = 0)),
	CONSTRAINT "rooms_max_players" CHECK("__new_rooms"."max_players" BETWEEN 2 AND 6)
);
--> statement-breakpoint
INSERT INTO `__new_rooms`("room_id", "room_name", "host_id", "amount", "time_minutes", "max_players", "privacy", "is_active", "status", "server_seed", "server_seed_hash", "created_at", "expires_at", "closed_at", "settled_at", "rematch_room_id", "practice") SELECT "room_id", "room_name", "host_id", "amount", "time_minutes", "max_players", "privacy", "is_active", "status", "server_seed", "server_seed_hash", "created_at", "expires_at", "closed_at", "settled_at", "rematch_room_id", "practice" FROM `rooms`;--> statement-breakpoint
DROP TABLE `rooms`;--> statement-breakpoint
ALTER TABLE `__new_rooms` RENAME TO `rooms`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `rooms_listing` ON `rooms` (`is_active`,`privacy`,`status`);--> statement-breakpoint
CREATE INDEX `rooms_expires_at` ON `rooms` (`expires_at`);