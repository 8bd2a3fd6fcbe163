ALTER TABLE "departments" ADD COLUMN "num" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "departments_num_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "num" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "students_num_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "num" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "memberships_num_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
ALTER TABLE "therasessions" ADD COLUMN "therapist_num" integer;--> statement-breakpoint
ALTER TABLE "therasessions" ADD COLUMN "student_num" integer;--> statement-breakpoint
ALTER TABLE "therasessions" ADD COLUMN "department_num" integer;--> statement-breakpoint
ALTER TABLE "therasessions" ADD CONSTRAINT "therasessions_status_ck" CHECK (status IN ('scheduled', 'in_progress', 'completed', 'cancelled', 'no_show', 'ended_early'));--> statement-breakpoint
-- therasessions keeps the numbers of the membership, student and department it names, on every
-- insert and on every change of those ids, whichever code path writes.
CREATE OR REPLACE FUNCTION therasessions_keep_people_numbers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.therapist_num := (SELECT m.num FROM memberships m WHERE m.organization_id = NEW.organization_id AND m.id = NEW.therapist_membership_id);
  NEW.student_num := (SELECT x.num FROM students x WHERE x.organization_id = NEW.organization_id AND x.id = NEW.student_id);
  NEW.department_num := (SELECT d.num FROM departments d WHERE d.organization_id = NEW.organization_id AND d.id = NEW.department_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER therasessions_keep_people_numbers
  BEFORE INSERT OR UPDATE OF organization_id, therapist_membership_id, student_id, department_id ON therasessions
  FOR EACH ROW EXECUTE FUNCTION therasessions_keep_people_numbers();
--> statement-breakpoint
-- Existing sessions get their numbers from the trigger: naming a column of its list in SET fires it.
UPDATE therasessions SET therapist_membership_id = therapist_membership_id;--> statement-breakpoint
ALTER TABLE "therasessions" ADD CONSTRAINT "therasessions_people_numbers_ck" CHECK (therapist_num IS NOT NULL AND student_num IS NOT NULL);
