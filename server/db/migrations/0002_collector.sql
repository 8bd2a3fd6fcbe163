CREATE TABLE "data_points" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"goal_id" uuid NOT NULL,
	"sub_goal_id" uuid,
	"trial_no" integer NOT NULL,
	"kind" text NOT NULL,
	"outcome" text,
	"prompt_level" text,
	"count" integer,
	"duration_ms" integer,
	"recorded_at" timestamp (3) with time zone NOT NULL,
	"device_id" text NOT NULL,
	"device_seq" bigint NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"corrected_at" timestamp with time zone,
	"original" jsonb,
	CONSTRAINT "data_points_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "data_points_key_uq" UNIQUE NULLS NOT DISTINCT("organization_id","session_id","goal_id","sub_goal_id","trial_no")
);
--> statement-breakpoint
CREATE TABLE "idempotency_records" (
	"organization_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status_code" integer NOT NULL,
	"response" jsonb DEFAULT 'null'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_records_organization_id_user_id_key_pk" PRIMARY KEY("organization_id","user_id","key")
);
--> statement-breakpoint
CREATE TABLE "session_focus" (
	"organization_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"goal_id" uuid,
	"sub_goal_id" uuid,
	"started_at" timestamp (3) with time zone,
	"recorded_at" timestamp (3) with time zone NOT NULL,
	"device_id" text NOT NULL,
	"device_seq" bigint NOT NULL,
	CONSTRAINT "session_focus_organization_id_session_id_pk" PRIMARY KEY("organization_id","session_id")
);
--> statement-breakpoint
CREATE TABLE "trial_states" (
	"organization_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"goal_id" uuid NOT NULL,
	"sub_goal_key" text NOT NULL,
	"trial_no" integer NOT NULL,
	"status" text NOT NULL,
	"recorded_at" timestamp (3) with time zone NOT NULL,
	"device_id" text NOT NULL,
	"device_seq" bigint NOT NULL,
	CONSTRAINT "trial_states_organization_id_session_id_goal_id_sub_goal_key_pk" PRIMARY KEY("organization_id","session_id","goal_id","sub_goal_key")
);
--> statement-breakpoint
CREATE INDEX "data_points_session_idx" ON "data_points" USING btree ("organization_id","session_id");--> statement-breakpoint
CREATE INDEX "idempotency_created_idx" ON "idempotency_records" USING btree ("created_at");