CREATE TABLE `session_rooms` (
	`session_id` text NOT NULL,
	`room_id` text NOT NULL,
	`last_ticket_at` integer NOT NULL,
	PRIMARY KEY(`session_id`, `room_id`),
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
