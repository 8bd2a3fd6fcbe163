CREATE TABLE "contract_templates" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"body_html" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_templates_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "contract_templates_name_uq" UNIQUE("organization_id","name")
);
--> statement-breakpoint
CREATE TABLE "privacy_role_templates" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"rules" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_role_templates_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "privacy_role_templates_name_uq" UNIQUE("organization_id","name")
);
--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "privacy_role_template_id" uuid;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "contract_html" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "contract_template_name" text;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "contract_start_date" date;--> statement-breakpoint
ALTER TABLE "enrollments" ADD COLUMN "contract_responsible_person" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contract_templates" ADD CONSTRAINT "contract_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_role_templates" ADD CONSTRAINT "privacy_role_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrollments" ADD CONSTRAINT "enrollments_privacy_role_template_fk" FOREIGN KEY ("organization_id","privacy_role_template_id") REFERENCES "public"."privacy_role_templates"("organization_id","id") ON DELETE no action ON UPDATE no action;