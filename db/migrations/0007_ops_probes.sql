CREATE TABLE `ops_probes` (
	`name` text PRIMARY KEY NOT NULL,
	`at` integer NOT NULL
);
