import { sql, type SQL } from 'drizzle-orm';
import { STUDENT_PARTS, type StudentPart } from '../../../contract/enrollment-templates';
import { rowsOf } from '../../db/handles';
import { students } from '../../db/schema/enrollments';
import { privacyRoleTemplates } from '../../db/schema/enrollment-templates';
import { memberships, roles } from '../../db/schema/organizations';
import type { OrgAccess } from './authorize';
import { AppError } from '../app-error';
import type { OrganizationId } from '../ids';
import type { RequestContext } from '../request-context';

/**
 * Which parts of a student's record a member opens, asked in one place by every call that returns
 * one. The reach (students.ts) decides first WHICH students a member reaches;
 * this decides which parts of a reachable student's record they open:
 * - the owner: every part;
 * - a student whose current enrollment (the open one, else the latest) names a privacy-role
 *   template: what it opens to the member's role (their own, or the built-in role of their kind);
 *   a role it does not name opens nothing;
 * - without a template the permission keys decide, as before templates existed: `identity` for
 *   students.view, `goals_and_data` for students.records; medical, education and family stay the
 *   owner's until a template opens them;
 * - whoever enrolls students (students.manage) opens `family` in either case.
 * What each part covers in an answer: `family` the parents' contact details and an enrollment's
 * paperwork (notes, contract, responsible person); `goals_and_data` goals, trials and notes.
 * The template's answer rides in the statement a call already runs (`templatePartsSql`), or one
 * statement for a whole list (`partsOfStudents`), never one per student. Which enrollment is
 * current is decided where enrollments are written (the trigger keeping students'
 * privacy_role_template_id), not by every read.
 */

/**
 * The parts (a jsonb array) the student's template opens to the member's role; SQL NULL when the
 * student's current enrollment names no template (or there is no enrollment). The current
 * enrollment's template is kept on the student row (a trigger on enrollments), so this is one
 * lookup by key; the role comes from the caller's access, read once when the call was authorized.
 */
export function templatePartsSql(organizationId: OrganizationId, access: Pick<OrgAccess, 'membershipId' | 'roleId'>, studentId: SQL): SQL {
  // A caller without a membership has no role, and a template opens nothing to no role.
  const roleKey = access.roleId
    ? sql`${access.roleId}::text`
    : !access.membershipId
      ? sql`NULL::text`
      : sql`(
        SELECT COALESCE(m.role_id, r.id)::text FROM ${memberships} m
        LEFT JOIN ${roles} r ON r.organization_id = m.organization_id AND r.default_for = m.role
        WHERE m.organization_id = st.organization_id AND m.id = ${access.membershipId}::uuid
      )`;
  return sql`(
    SELECT CASE WHEN st.privacy_role_template_id IS NULL THEN NULL
      ELSE COALESCE(t.rules -> ${roleKey}, '[]'::jsonb) END
    FROM ${students} st
    LEFT JOIN ${privacyRoleTemplates} t ON t.organization_id = st.organization_id AND t.id = st.privacy_role_template_id
    WHERE st.organization_id = ${organizationId}::uuid AND st.id = ${studentId})`;
}

/** The parts the caller opens, given what `templatePartsSql` answered for the student. */
export function partsFor(access: OrgAccess, templateParts: readonly string[] | null | undefined): StudentPart[] {
  if (access.isOwner) {
    return [...STUDENT_PARTS];
  }
  // Whoever enrolls students writes the family's contract and calls its parents: the family part is
  // their work, whatever a template says of their role.
  const enrolls = access.permissions.has('students.manage');
  if (templateParts === null || templateParts === undefined) {
    return STUDENT_PARTS.filter(
      (part) =>
        (part === 'identity' && access.permissions.has('students.view')) ||
        (part === 'goals_and_data' && access.permissions.has('students.records')) ||
        (part === 'family' && enrolls),
    );
  }
  return STUDENT_PARTS.filter((part) => templateParts.includes(part) || (part === 'family' && enrolls));
}

/** A condition that a list's statement puts on a student id: true where the caller opens `part` of that student. */
export type OpensPartSql = (part: StudentPart, studentId: SQL) => SQL;

/**
 * The parts rule for a whole list in its own statement (the parents directory, a directory's parent
 * names): no statement per student. Whoever opens the part whatever the template gets `TRUE`.
 */
export function opensPartSql(ctx: RequestContext): OpensPartSql {
  const { access } = ctx.org;
  return (part, studentId) => {
    const withoutTemplate = partsFor(access, null).includes(part);
    if (withoutTemplate && partsFor(access, []).includes(part)) {
      return sql`TRUE`;
    }
    return sql`COALESCE(${templatePartsSql(ctx.org.id, access, studentId)} @> ${JSON.stringify([part])}::jsonb, ${withoutTemplate})`;
  };
}

/** The parts the caller opens of each of the students (of the organization), in one statement. */
export async function partsOfStudents(ctx: RequestContext, studentIds: readonly string[]): Promise<Map<string, StudentPart[]>> {
  const ids = [...new Set(studentIds)];
  if (ctx.org.access.isOwner || ids.length === 0) {
    return new Map(ids.map((id) => [id, [...STUDENT_PARTS]]));
  }
  const rows = rowsOf<{ student_id: string; parts: string[] | null }>(
    await ctx.tx.execute(sql`
      SELECT v.id AS student_id, ${templatePartsSql(ctx.org.id, ctx.org.access, sql`v.id`)} AS parts
      FROM unnest(${`{${ids.join(',')}}`}::uuid[]) AS v(id)`),
  );
  return new Map(rows.map((r) => [r.student_id, partsFor(ctx.org.access, r.parts)]));
}

/** Of these rows, those whose student opens `part` to the caller (one statement): a list omits, never fails. */
export async function rowsOpening<T>(
  ctx: RequestContext,
  rows: readonly T[],
  studentOf: (row: T) => string,
  part: StudentPart,
): Promise<T[]> {
  const parts = await partsOfStudents(ctx, rows.map(studentOf));
  return rows.filter((row) => parts.get(studentOf(row))?.includes(part));
}

const PART_NAMES: Record<StudentPart, string> = {
  identity: 'personal details',
  medical: 'medical record',
  education: 'education record',
  family: 'family details',
  goals_and_data: 'goals and data',
};

/** A reachable student whose part the caller's role does not open: 403 with a sentence naming the part. */
export function requirePart(parts: readonly StudentPart[], part: StudentPart): void {
  if (!parts.includes(part)) {
    throw new AppError('RECORD_PART_CLOSED', `Your role does not open this student's ${PART_NAMES[part]}.`);
  }
}

/** The trail entry of one opening of a student's record: who (the trail's actor), whose, which parts. */
export function recordOpened(ctx: RequestContext, studentId: string, parts: readonly StudentPart[], scope: Record<string, string> = {}) {
  return ctx.trail.record({ action: 'read', entity: 'student', entityId: studentId, scope, after: { parts: [...parts] } });
}
