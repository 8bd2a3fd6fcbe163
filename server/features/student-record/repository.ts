import type { OrganizationId, StudentId } from '../../lib/ids';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/handles';

// A student's record in three statements, whatever the number of their placements: the person with
// their current enrollment, their departments with the therapists there, and their programs with
// their classroom seat. Every statement filters on the organization on top of row-level security.

export interface PersonRow {
  id: string;
  num: number;
  code: string;
  first_name: string;
  last_name: string;
  birth_date: string | null;
  enrollment_id: string | null;
  org_status: string | null;
  parent_status: string | null;
  is_archived: boolean | null;
  enrolled_at: Date | string | null;
}

/** The student, the birth date their parent gave (when a parent's child), and their current enrollment (the open one, else the latest). */
export async function selectPerson(tx: Tx, organizationId: OrganizationId, studentId: StudentId): Promise<PersonRow | undefined> {
  const [row] = rowsOf<PersonRow>(
    await tx.execute(sql`
      SELECT st.id, st.num, st.code, st.first_name, st.last_name, c.birth_date::text AS birth_date,
             e.id AS enrollment_id, e.org_status, e.parent_status, e.is_archived, e.created_at AS enrolled_at
      FROM students st
      LEFT JOIN children c ON c.id = st.child_id
      LEFT JOIN LATERAL (
        SELECT * FROM enrollments e
        WHERE e.organization_id = st.organization_id AND e.student_id = st.id
        ORDER BY (NOT e.is_archived AND e.org_status <> 'discharged') DESC, e.created_at DESC, e.id DESC
        LIMIT 1
      ) e ON true
      WHERE st.organization_id = ${organizationId} AND st.id = ${studentId}`),
  );
  return row;
}

export interface DepartmentRow {
  department_id: string;
  name: string;
  department_student_id: string;
  assignment_id: string | null;
  membership_id: string | null;
  first_name: string | null;
  last_name: string | null;
}

/** The student's departments, one row per therapist assigned there (or one without a therapist), by department name. */
export async function selectDepartments(tx: Tx, organizationId: OrganizationId, studentId: StudentId): Promise<DepartmentRow[]> {
  return rowsOf<DepartmentRow>(
    await tx.execute(sql`
      SELECT d.id AS department_id, d.name, ds.id AS department_student_id,
             dst.id AS assignment_id, m.id AS membership_id, u.first_name, u.last_name
      FROM department_students ds
      JOIN departments d ON d.organization_id = ds.organization_id AND d.id = ds.department_id
      LEFT JOIN department_student_therapists dst ON dst.organization_id = ds.organization_id AND dst.department_student_id = ds.id
      LEFT JOIN memberships m ON m.organization_id = dst.organization_id AND m.id = dst.membership_id
      LEFT JOIN users u ON u.id = m.user_id
      WHERE ds.organization_id = ${organizationId} AND ds.student_id = ${studentId}
      ORDER BY d.name, d.id, u.last_name, u.first_name, dst.id`),
  );
}

export interface PlacementRow {
  kind: 'program' | 'classroom';
  id: string;
  name: string;
  /** A program's enrollment (the program's students are enrollments), or the classroom's seat. */
  link_id: string;
}

/** The programs of any of the student's enrollments, and their classroom seat, by name. */
export async function selectProgramsAndClassroom(tx: Tx, organizationId: OrganizationId, studentId: StudentId): Promise<PlacementRow[]> {
  return rowsOf<PlacementRow>(
    await tx.execute(sql`
      SELECT 'program' AS kind, p.id, p.name, e.id AS link_id
      FROM program_students ps
      JOIN enrollments e ON e.organization_id = ps.organization_id AND e.id = ps.enrollment_id
      JOIN programs p ON p.organization_id = ps.organization_id AND p.id = ps.program_id
      WHERE ps.organization_id = ${organizationId} AND e.student_id = ${studentId}
      UNION ALL
      SELECT 'classroom', c.id, c.name, cs.id
      FROM classroom_students cs
      JOIN classrooms c ON c.organization_id = cs.organization_id AND c.id = cs.classroom_id
      WHERE cs.organization_id = ${organizationId} AND cs.student_id = ${studentId}
      ORDER BY 1, 3, 2`),
  );
}
