CREATE TABLE "point_observations" (
	"organization_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"point_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"goal_id" uuid NOT NULL,
	"sub_goal_id" uuid,
	"trial_no" integer NOT NULL,
	"kind" text NOT NULL,
	"outcome" text,
	"prompt_level" text,
	"count" integer,
	"duration_ms" integer,
	"is_deletion" boolean DEFAULT false NOT NULL,
	"recorded_at" timestamp (3) with time zone NOT NULL,
	"device_id" text NOT NULL,
	"device_seq" bigint NOT NULL,
	"reason" text NOT NULL,
	"winner_device_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "point_observations_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "point_observations_write_uq" UNIQUE("organization_id","point_id","device_id","device_seq")
);
--> statement-breakpoint
ALTER TABLE "data_points" ADD COLUMN "recorded_at_flag" text;--> statement-breakpoint
ALTER TABLE "therasessions" ADD COLUMN "client_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "therasessions" ADD COLUMN "start_received_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "therasessions" ADD COLUMN "client_time_flag" text;--> statement-breakpoint
CREATE INDEX "point_observations_session_idx" ON "point_observations" USING btree ("organization_id","session_id");