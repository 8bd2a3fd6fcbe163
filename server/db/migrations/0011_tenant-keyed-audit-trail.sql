-- The audit trail's key gains organization_id, as every tenant table's has, so that the table can be
-- distributed by organization. Existing rows satisfy it already: id alone was unique.
ALTER TABLE "audit_trail" DROP CONSTRAINT "audit_trail_pkey";--> statement-breakpoint
ALTER TABLE "audit_trail" ADD CONSTRAINT "audit_trail_organization_id_id_pk" PRIMARY KEY("organization_id","id");
