CREATE TABLE "audit_trail" (
	"organization_id" uuid NOT NULL,
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid NOT NULL,
	"acting_as_user_id" uuid,
	"call" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"scope" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "default_for" text;--> statement-breakpoint
ALTER TABLE "audit_trail" ADD CONSTRAINT "audit_trail_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_trail_entity_idx" ON "audit_trail" USING btree ("organization_id","entity","entity_id","id");--> statement-breakpoint
CREATE INDEX "audit_trail_scope_idx" ON "audit_trail" USING gin ("scope");--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_default_for_uq" UNIQUE("organization_id","default_for");--> statement-breakpoint
-- The audit trail is append-only for every role, the owner included (the runtime role is also
-- granted only SELECT and INSERT on it: server/db/rls.ts).
CREATE OR REPLACE FUNCTION audit_trail_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_trail is append-only';
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_trail_no_update BEFORE UPDATE OR DELETE OR TRUNCATE ON audit_trail
  FOR EACH STATEMENT EXECUTE FUNCTION audit_trail_append_only();
