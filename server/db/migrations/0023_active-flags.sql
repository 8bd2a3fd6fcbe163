ALTER TABLE "classrooms" RENAME COLUMN "is_enabled" TO "is_active";--> statement-breakpoint
ALTER TABLE "departments" RENAME COLUMN "is_enabled" TO "is_active";