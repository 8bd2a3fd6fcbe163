import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Tx } from '../../db/handles';
import type { MembershipId, OrganizationId } from '../../lib/ids';
import { containing } from '../../lib/pagination';
import { reachSql, type OpensPartSql, type Reach } from '../../lib/access';

/**
 * The directories: one query per page whatever its size (related names come as JSON aggregated in
 * the same statement, the total with a window count), searched with ILIKE over names, e-mail or code.
 * The page's rows are chosen first (only cheap columns, in `page`) and only they get their related
 * names: a deep page (page 50 of 2,000 students) does not build them for the 980 rows it skips.
 */
export interface DirectoryFilter {
  search?: string | undefined;
  ordering: 'name' | '-name' | 'joined' | '-joined';
  limit: number;
  offset: number;
  /** The students the caller reaches (lib/access), and so the parents listed. */
  reach: Reach;
  /** Which parts of a student the caller opens: a parent is family, listed only where the family part opens. */
  opens: OpensPartSql;
}

const order = (ordering: DirectoryFilter['ordering'], name: SQL, joined: SQL) =>
  ({
    name: sql`${name}, ${joined}`,
    '-name': sql`${name} DESC, ${joined}`,
    joined: sql`${joined}, ${name}`,
    '-joined': sql`${joined} DESC, ${name}`,
  })[ordering];

export async function selectTherapists(
  tx: Tx,
  organizationId: OrganizationId,
  filter: DirectoryFilter & { statuses: string[]; warningEnd: string },
) {
  const pattern = containing(filter.search);
  const result = await tx.execute(sql`
    WITH page AS (
      SELECT m.id, count(*) OVER ()::int AS total,
        row_number() OVER (ORDER BY ${order(filter.ordering, sql`lower(u.last_name), lower(u.first_name)`, sql`m.joined_at`)}, m.id) AS position
      FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.organization_id = ${organizationId} AND m.role = 'therapist'
        AND m.status IN (${sql.join(
          filter.statuses.map((s) => sql`${s}`),
          sql`, `,
        )})
        ${pattern ? sql`AND (u.first_name ILIKE ${pattern} OR u.last_name ILIKE ${pattern} OR u.email ILIKE ${pattern} OR (u.first_name || ' ' || u.last_name) ILIKE ${pattern})` : sql``}
      ORDER BY position
      LIMIT ${filter.limit} OFFSET ${filter.offset}
    )
    SELECT m.id AS membership_id, u.id AS user_id, u.first_name, u.last_name, u.email, m.status, m.joined_at,
      COALESCE((SELECT json_agg(json_build_object('id', d.id, 'name', d.name) ORDER BY d.name)
        FROM department_members dm JOIN departments d ON d.organization_id = dm.organization_id AND d.id = dm.department_id
        WHERE dm.organization_id = m.organization_id AND dm.membership_id = m.id), '[]'::json) AS departments,
      (SELECT count(DISTINCT ds.student_id)::int FROM department_student_therapists dst
        JOIN department_students ds ON ds.organization_id = dst.organization_id AND ds.id = dst.department_student_id
        WHERE dst.organization_id = m.organization_id AND dst.membership_id = m.id) AS assigned_students,
      COALESCE((SELECT json_agg(json_build_object('id', c.id, 'name', c.name) ORDER BY c.name)
        FROM classrooms c WHERE c.organization_id = m.organization_id AND c.homeroom_membership_id = m.id), '[]'::json) AS homerooms,
      (SELECT count(*)::int FROM profile_certifications pc
        WHERE pc.user_id = u.id AND pc.expires_on <= ${filter.warningEnd}::date) AS expiring_certifications,
      page.total
    FROM page JOIN memberships m ON m.organization_id = ${organizationId} AND m.id = page.id JOIN users u ON u.id = m.user_id
    ORDER BY page.position`);
  return rowsOf<{
    membership_id: string;
    user_id: string;
    first_name: string;
    last_name: string;
    email: string;
    status: 'active' | 'resigning' | 'terminated' | 'resigned';
    joined_at: Date | string;
    departments: { id: string; name: string }[];
    homerooms: { id: string; name: string }[];
    assigned_students: number;
    expiring_certifications: number;
    total: number;
  }>(result);
}

export async function selectStudents(tx: Tx, organizationId: OrganizationId, filter: DirectoryFilter) {
  const pattern = containing(filter.search);
  // The page's related names are gathered set by set (one join per kind over the page's ids), not
  // one sub-query per row: a page of 100 costs little more than a page of 20.
  const result = await tx.execute(sql`
    WITH page AS (
      SELECT s.id, count(*) OVER ()::int AS total,
        row_number() OVER (ORDER BY ${order(filter.ordering, sql`lower(s.last_name), lower(s.first_name)`, sql`s.created_at`)}, s.id) AS position
      FROM students s
      WHERE s.organization_id = ${organizationId}
        AND ${reachSql(organizationId, filter.reach, sql.raw('s.id'))}
        ${pattern ? sql`AND (s.first_name ILIKE ${pattern} OR s.last_name ILIKE ${pattern} OR s.code ILIKE ${pattern} OR (s.first_name || ' ' || s.last_name) ILIKE ${pattern})` : sql``}
      ORDER BY position
      LIMIT ${filter.limit} OFFSET ${filter.offset}
    ),
    placed AS (
      SELECT ds.id, ds.student_id, ds.department_id
      FROM page JOIN department_students ds ON ds.organization_id = ${organizationId} AND ds.student_id = page.id
    ),
    page_departments AS (
      SELECT placed.student_id, json_agg(json_build_object('id', d.id, 'name', d.name) ORDER BY d.name) AS list
      FROM placed JOIN departments d ON d.organization_id = ${organizationId} AND d.id = placed.department_id
      GROUP BY placed.student_id
    ),
    page_therapists AS (
      SELECT t.student_id, json_agg(json_build_object('membership_id', t.id, 'first_name', t.first_name, 'last_name', t.last_name)
          ORDER BY lower(t.last_name), lower(t.first_name), t.id) AS list
      FROM (SELECT DISTINCT placed.student_id, m.id, u.first_name, u.last_name
        FROM placed
        JOIN department_student_therapists dst ON dst.organization_id = ${organizationId} AND dst.department_student_id = placed.id
        JOIN memberships m ON m.organization_id = dst.organization_id AND m.id = dst.membership_id
        JOIN users u ON u.id = m.user_id) t
      GROUP BY t.student_id
    ),
    page_programs AS (
      SELECT p.student_id, json_agg(json_build_object('id', p.id, 'name', p.name) ORDER BY p.name) AS list
      FROM (SELECT DISTINCT e.student_id, pr.id, pr.name
        FROM page
        JOIN enrollments e ON e.organization_id = ${organizationId} AND e.student_id = page.id AND NOT e.is_archived
        JOIN program_students ps ON ps.organization_id = e.organization_id AND ps.enrollment_id = e.id
        JOIN programs pr ON pr.organization_id = ps.organization_id AND pr.id = ps.program_id) p
      GROUP BY p.student_id
    )
    SELECT s.id, s.first_name, s.last_name, s.code, s.created_at AS joined_at,
      (SELECT e.org_status FROM enrollments e
        WHERE e.organization_id = s.organization_id AND e.student_id = s.id AND NOT e.is_archived
        ORDER BY e.created_at DESC LIMIT 1) AS enrollment_status,
      COALESCE(page_departments.list, '[]'::json) AS departments,
      COALESCE(page_therapists.list, '[]'::json) AS therapists,
      COALESCE(page_programs.list, '[]'::json) AS programs,
      (SELECT json_build_object('id', c.id, 'name', c.name)
        FROM classroom_students cs JOIN classrooms c ON c.organization_id = cs.organization_id AND c.id = cs.classroom_id
        WHERE cs.organization_id = s.organization_id AND cs.student_id = s.id) AS classroom,
      (SELECT json_build_object('id', u.id, 'first_name', u.first_name, 'last_name', u.last_name)
        FROM children c JOIN users u ON u.id = c.parent_user_id WHERE c.id = s.child_id AND ${filter.opens('family', sql.raw('s.id'))}) AS parent,
      page.total
    FROM page
    JOIN students s ON s.organization_id = ${organizationId} AND s.id = page.id
    LEFT JOIN page_departments ON page_departments.student_id = s.id
    LEFT JOIN page_therapists ON page_therapists.student_id = s.id
    LEFT JOIN page_programs ON page_programs.student_id = s.id
    ORDER BY page.position`);
  return rowsOf<{
    id: string;
    first_name: string;
    last_name: string;
    code: string;
    joined_at: Date | string;
    enrollment_status: string | null;
    departments: { id: string; name: string }[];
    therapists: { membership_id: string; first_name: string; last_name: string }[];
    programs: { id: string; name: string }[];
    classroom: { id: string; name: string } | null;
    parent: { id: string; first_name: string; last_name: string } | null;
    total: number;
  }>(result);
}

export async function selectParents(tx: Tx, organizationId: OrganizationId, filter: DirectoryFilter) {
  const pattern = containing(filter.search);
  const result = await tx.execute(sql`
    WITH kids AS (
      SELECT c.parent_user_id, s.id AS student_id, s.first_name, s.last_name, s.created_at
      FROM students s JOIN children c ON c.id = s.child_id
      WHERE s.organization_id = ${organizationId}
        AND ${reachSql(organizationId, filter.reach, sql.raw('s.id'))} AND ${filter.opens('family', sql.raw('s.id'))}
    ),
    parents AS (
      SELECT k.parent_user_id AS id, min(k.created_at) AS joined_at FROM kids k GROUP BY k.parent_user_id
    ),
    page AS (
      SELECT p.id, p.joined_at, count(*) OVER ()::int AS total,
        row_number() OVER (ORDER BY ${order(filter.ordering, sql`lower(u.last_name), lower(u.first_name)`, sql`p.joined_at`)}, u.id) AS position
      FROM parents p JOIN users u ON u.id = p.id
      ${pattern ? sql`WHERE (u.first_name ILIKE ${pattern} OR u.last_name ILIKE ${pattern} OR u.email ILIKE ${pattern} OR (u.first_name || ' ' || u.last_name) ILIKE ${pattern})` : sql``}
      ORDER BY position
      LIMIT ${filter.limit} OFFSET ${filter.offset}
    ),
    page_children AS (
      SELECT k.parent_user_id,
        json_agg(json_build_object('student_id', k.student_id, 'first_name', k.first_name, 'last_name', k.last_name) ORDER BY k.first_name) AS list
      FROM page JOIN kids k ON k.parent_user_id = page.id
      GROUP BY k.parent_user_id
    )
    SELECT u.id, u.first_name, u.last_name, u.email, u.phone_number, page.joined_at, page_children.list AS children, page.total
    FROM page JOIN users u ON u.id = page.id JOIN page_children ON page_children.parent_user_id = page.id
    ORDER BY page.position`);
  return rowsOf<{
    id: string;
    first_name: string;
    last_name: string;
    email: string;
    phone_number: string;
    joined_at: Date | string;
    children: { student_id: string; first_name: string; last_name: string }[];
    total: number;
  }>(result);
}
