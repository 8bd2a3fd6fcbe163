CREATE TABLE "goal_revisions" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"goal_id" uuid NOT NULL,
	"changed_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"changed_by" uuid,
	"session_id" uuid,
	"kinds" text[] NOT NULL,
	"changes" jsonb NOT NULL,
	"label" text NOT NULL,
	CONSTRAINT "goal_revisions_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
ALTER TABLE "assigned_goals" ADD COLUMN "domain" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "assigned_goals" ADD COLUMN "status" text DEFAULT 'in_treatment' NOT NULL;--> statement-breakpoint
ALTER TABLE "assigned_goals" ADD COLUMN "targets_in_sequence" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "assigned_goals" ADD COLUMN "mastery_criterion" jsonb;--> statement-breakpoint
ALTER TABLE "assigned_goals" ADD COLUMN "mastered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assigned_goals" ADD COLUMN "mastered_session_id" uuid;--> statement-breakpoint
ALTER TABLE "sub_goals" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "sub_goals" ADD COLUMN "mastered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sub_goals" ADD COLUMN "mastered_session_id" uuid;--> statement-breakpoint
ALTER TABLE "goal_revisions" ADD CONSTRAINT "goal_revisions_organization_id_goal_id_assigned_goals_organization_id_id_fk" FOREIGN KEY ("organization_id","goal_id") REFERENCES "public"."assigned_goals"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goal_revisions_goal_idx" ON "goal_revisions" USING btree ("organization_id","goal_id","changed_at");