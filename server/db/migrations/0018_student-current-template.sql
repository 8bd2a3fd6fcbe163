ALTER TABLE "students" ADD COLUMN "privacy_role_template_id" uuid;--> statement-breakpoint
-- students.privacy_role_template_id follows the student's current enrollment (the open one, else
-- the latest) on every enrollment write, whichever code path makes it.
CREATE OR REPLACE FUNCTION students_follow_current_enrollment() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  affected record;
BEGIN
  FOR affected IN
    SELECT DISTINCT x.organization_id, x.student_id FROM (
      SELECT OLD.organization_id, OLD.student_id WHERE TG_OP IN ('UPDATE', 'DELETE')
      UNION ALL
      SELECT NEW.organization_id, NEW.student_id WHERE TG_OP IN ('INSERT', 'UPDATE')
    ) AS x(organization_id, student_id)
  LOOP
    UPDATE students st SET privacy_role_template_id = (
      SELECT e.privacy_role_template_id FROM enrollments e
      WHERE e.organization_id = affected.organization_id AND e.student_id = affected.student_id
      ORDER BY e.is_archived ASC, e.created_at DESC, e.id DESC
      LIMIT 1)
    WHERE st.organization_id = affected.organization_id AND st.id = affected.student_id;
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER enrollments_keep_student_template
  AFTER INSERT OR DELETE OR UPDATE OF student_id, is_archived, privacy_role_template_id, created_at ON enrollments
  FOR EACH ROW EXECUTE FUNCTION students_follow_current_enrollment();
--> statement-breakpoint
UPDATE students st SET privacy_role_template_id = (
  SELECT e.privacy_role_template_id FROM enrollments e
  WHERE e.organization_id = st.organization_id AND e.student_id = st.id
  ORDER BY e.is_archived ASC, e.created_at DESC, e.id DESC
  LIMIT 1);
