CREATE TABLE "calendar_event_people" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"membership_id" uuid NOT NULL,
	CONSTRAINT "calendar_event_people_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "calendar_event_people_uq" UNIQUE("organization_id","event_id","membership_id")
);
--> statement-breakpoint
CREATE TABLE "calendar_events" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"all_day" boolean DEFAULT false NOT NULL,
	"for_everyone" boolean DEFAULT false NOT NULL,
	"created_by_membership_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_events_organization_id_id_pk" PRIMARY KEY("organization_id","id")
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"membership_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "calendar_feeds_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "calendar_feeds_membership_uq" UNIQUE("organization_id","membership_id")
);
--> statement-breakpoint
ALTER TABLE "therasessions" ADD COLUMN "service_id" uuid;--> statement-breakpoint
ALTER TABLE "therasessions" ADD COLUMN "price_minor" integer;--> statement-breakpoint
ALTER TABLE "therasessions" ADD COLUMN "rescheduled_from_start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "therasessions" ADD COLUMN "rescheduled_from_end_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "therasessions" ADD COLUMN "change_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_event_people" ADD CONSTRAINT "calendar_event_people_organization_id_event_id_calendar_events_organization_id_id_fk" FOREIGN KEY ("organization_id","event_id") REFERENCES "public"."calendar_events"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_event_people" ADD CONSTRAINT "calendar_event_people_organization_id_membership_id_memberships_organization_id_id_fk" FOREIGN KEY ("organization_id","membership_id") REFERENCES "public"."memberships"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_events" ADD CONSTRAINT "calendar_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_organization_id_membership_id_memberships_organization_id_id_fk" FOREIGN KEY ("organization_id","membership_id") REFERENCES "public"."memberships"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_event_people_member_idx" ON "calendar_event_people" USING btree ("organization_id","membership_id");--> statement-breakpoint
CREATE INDEX "calendar_events_start_idx" ON "calendar_events" USING btree ("organization_id","start_at");--> statement-breakpoint
CREATE INDEX "calendar_feeds_token_idx" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
ALTER TABLE "therasessions" ADD CONSTRAINT "therasessions_organization_id_service_id_services_organization_id_id_fk" FOREIGN KEY ("organization_id","service_id") REFERENCES "public"."services"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "therasessions_start_idx" ON "therasessions" USING btree ("organization_id","start_at");--> statement-breakpoint
CREATE INDEX "therasessions_student_start_idx" ON "therasessions" USING btree ("organization_id","student_id","start_at");--> statement-breakpoint
-- Roles made before the calendar keys existed: whoever sees the schedule sees the calendar; whoever
-- manages the schedule also manages the calendar and may book over a conflict with a reason.
UPDATE "roles" SET "permission_keys" = array_append("permission_keys", 'calendar.view')
WHERE 'sessions.view' = ANY("permission_keys") AND NOT 'calendar.view' = ANY("permission_keys");--> statement-breakpoint
UPDATE "roles" SET "permission_keys" = array_append("permission_keys", 'calendar.manage')
WHERE 'sessions.manage' = ANY("permission_keys") AND NOT 'calendar.manage' = ANY("permission_keys");--> statement-breakpoint
UPDATE "roles" SET "permission_keys" = array_append("permission_keys", 'sessions.override')
WHERE 'sessions.manage' = ANY("permission_keys") AND NOT 'sessions.override' = ANY("permission_keys");
