ALTER TABLE `carried_exclusions` ADD `review_decision` text;--> statement-breakpoint
ALTER TABLE `carried_exclusions` ADD `review_reason` text;--> statement-breakpoint
ALTER TABLE `carried_exclusions` ADD `reviewed_by` text;--> statement-breakpoint
ALTER TABLE `carried_exclusions` ADD `reviewed_at` integer;