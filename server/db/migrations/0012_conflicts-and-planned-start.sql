ALTER TABLE "data_points" ADD COLUMN "recorded_by" uuid;--> statement-breakpoint
ALTER TABLE "point_observations" ADD COLUMN "recorded_by" uuid;--> statement-breakpoint
ALTER TABLE "point_observations" ADD COLUMN "received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "therasessions" ADD COLUMN "planned_start_at" timestamp with time zone;