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
ALTER TABLE `rooms` ADD `practice` integer DEFAULT false NOT NULL;