CREATE TABLE `challenge_games` (
	`room_id` text PRIMARY KEY NOT NULL,
	`date` text NOT NULL,
	`user_id` text NOT NULL,
	FOREIGN KEY (`room_id`) REFERENCES `rooms`(`room_id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `challenge_games_user` ON `challenge_games` (`user_id`);--> statement-breakpoint
CREATE TABLE `challenge_results` (
	`user_id` text NOT NULL,
	`date` text NOT NULL,
	`room_id` text NOT NULL,
	`net_profit` integer NOT NULL,
	`ranked` integer NOT NULL,
	`decisions` text NOT NULL,
	`finished_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `date`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`room_id`) REFERENCES `rooms`(`room_id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `challenge_results_board` ON `challenge_results` (`date`,`ranked`,`net_profit`);