CREATE TABLE "classroom_students" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"classroom_id" uuid NOT NULL,
	"student_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classroom_students_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "classroom_students_student_uq" UNIQUE("organization_id","student_id"),
	CONSTRAINT "classroom_students_uq" UNIQUE("organization_id","classroom_id","student_id")
);
--> statement-breakpoint
CREATE TABLE "classrooms" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"grade_level" text DEFAULT '' NOT NULL,
	"room" text DEFAULT '' NOT NULL,
	"capacity" integer,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"homeroom_membership_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "classrooms_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "classrooms_name_uq" UNIQUE("organization_id","name")
);
--> statement-breakpoint
CREATE TABLE "program_students" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"program_id" uuid NOT NULL,
	"enrollment_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "program_students_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "program_students_uq" UNIQUE("organization_id","program_id","enrollment_id")
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"organization_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "programs_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "programs_name_uq" UNIQUE("organization_id","name")
);
--> statement-breakpoint
ALTER TABLE "classroom_students" ADD CONSTRAINT "classroom_students_organization_id_classroom_id_classrooms_organization_id_id_fk" FOREIGN KEY ("organization_id","classroom_id") REFERENCES "public"."classrooms"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classroom_students" ADD CONSTRAINT "classroom_students_organization_id_student_id_students_organization_id_id_fk" FOREIGN KEY ("organization_id","student_id") REFERENCES "public"."students"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classrooms" ADD CONSTRAINT "classrooms_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classrooms" ADD CONSTRAINT "classrooms_homeroom_fk" FOREIGN KEY ("organization_id","homeroom_membership_id") REFERENCES "public"."memberships"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_students" ADD CONSTRAINT "program_students_organization_id_program_id_programs_organization_id_id_fk" FOREIGN KEY ("organization_id","program_id") REFERENCES "public"."programs"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_students" ADD CONSTRAINT "program_students_organization_id_enrollment_id_enrollments_organization_id_id_fk" FOREIGN KEY ("organization_id","enrollment_id") REFERENCES "public"."enrollments"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;