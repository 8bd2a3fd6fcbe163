import type { DepartmentId, OrganizationId, StudentId } from '../../lib/ids';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/handles';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { reachSql, type Reach } from '../../lib/access';
import type { Window } from '../../lib/pagination';
import { studentSearch } from '../../lib/person-columns';
import { sameOrganizationRow, tenantRows } from '../../lib/tenant-rows';
import { setLinks } from '../../lib/placement';
import { enrollments, students } from '../../db/schema/enrollments';
import { departments, departmentStudents } from '../../db/schema/departments';
import { programs, programStudents } from '../../db/schema/programs';
import { privacyRoleTemplates } from '../../db/schema/enrollment-templates';
import { organizations } from '../../db/schema/organizations';
import { services } from '../../db/schema/services';
import type { EnrollmentOrdering } from '../../../contract/enrollments';
import type { EnrollmentRow, StudentRow } from './repository';

// The administration's reads and writes of enrollments: the list, the rows an enrollment names
// (departments, programs, its privacy template) and what a contract is filled with.

export { enrollmentRows } from './repository';
export const departmentRows = tenantRows(departments);
export const programRows = tenantRows(programs);

export interface EnrollmentFilter {
  search?: string | undefined;
  orgStatus?: string | undefined;
  parentStatus?: string | undefined;
  isArchived: boolean;
}

const ORDER: Record<EnrollmentOrdering, SQL[]> = {
  student: [asc(sql`lower(${students.lastName})`), asc(sql`lower(${students.firstName})`)],
  '-student': [desc(sql`lower(${students.lastName})`), desc(sql`lower(${students.firstName})`)],
  created_at: [asc(enrollments.createdAt)],
  '-created_at': [desc(enrollments.createdAt)],
};

export async function pageEnrollments(
  tx: Tx,
  organizationId: OrganizationId,
  filter: EnrollmentFilter,
  ordering: EnrollmentOrdering,
  window: Window,
  reach: Reach,
) {
  const rows = await tx
    .select({ enrollment: enrollments, student: students, total: sql<number>`count(*) OVER ()::int` })
    .from(enrollments)
    .innerJoin(students, sameOrganizationRow(students, enrollments, enrollments.studentId))
    .where(
      and(
        eq(enrollments.organizationId, organizationId),
        reachSql(organizationId, reach, sql`${students.id}`),
        eq(enrollments.isArchived, filter.isArchived),
        filter.orgStatus ? eq(enrollments.orgStatus, filter.orgStatus) : undefined,
        filter.parentStatus ? eq(enrollments.parentStatus, filter.parentStatus) : undefined,
        studentSearch(filter.search),
      ),
    )
    .orderBy(...ORDER[ordering], asc(enrollments.id))
    .limit(window.limit)
    .offset(window.offset);
  return rows as { enrollment: EnrollmentRow; student: StudentRow; total: number }[];
}

export type Named = { id: string; name: string };

/** The rows the links of these keys point at (`key`: the link's own column holding them), by name, in one read. */
async function linkedNames(
  tx: Tx,
  organizationId: OrganizationId,
  key: PgColumn,
  keys: string[],
  to: { link: typeof departmentStudents | typeof programStudents; target: PgColumn; named: typeof departments | typeof programs },
) {
  if (keys.length === 0) {
    return [];
  }
  const rows = await tx
    .select({ key, id: to.named.id, name: to.named.name })
    .from(to.link)
    .innerJoin(to.named, sameOrganizationRow(to.named, to.link, to.target))
    .where(and(eq(to.link.organizationId, organizationId), inArray(key, keys)))
    .orderBy(asc(to.named.name));
  return rows as { key: string; id: string; name: string }[];
}

/** The departments of these students, the programs of these enrollments and the templates they name, in three reads. */
export async function namesFor(tx: Tx, organizationId: OrganizationId, rows: { enrollment: EnrollmentRow; student: StudentRow }[]) {
  const studentIds = rows.map((r) => r.student.id);
  const enrollmentIds = rows.map((r) => r.enrollment.id);
  const templateIds = rows.flatMap((r) => (r.enrollment.privacyRoleTemplateId ? [r.enrollment.privacyRoleTemplateId] : []));
  const departmentRowsOf = await linkedNames(tx, organizationId, departmentStudents.studentId, studentIds, {
    link: departmentStudents,
    target: departmentStudents.departmentId,
    named: departments,
  });
  const programRowsOf = await linkedNames(tx, organizationId, programStudents.enrollmentId, enrollmentIds, {
    link: programStudents,
    target: programStudents.programId,
    named: programs,
  });
  const templates = templateIds.length
    ? await tx
        .select({ id: privacyRoleTemplates.id, name: privacyRoleTemplates.name })
        .from(privacyRoleTemplates)
        .where(and(eq(privacyRoleTemplates.organizationId, organizationId), inArray(privacyRoleTemplates.id, templateIds)))
    : [];
  const group = (list: { key: string; id: string; name: string }[]) => {
    const map = new Map<string, Named[]>();
    for (const { key, id, name } of list) {
      map.set(key, [...(map.get(key) ?? []), { id, name }]);
    }
    return map;
  };
  return { departments: group(departmentRowsOf), programs: group(programRowsOf), templates: new Map(templates.map((t) => [t.id, t])) };
}

/** Makes the student's departments exactly these (placements outside the list go, with their therapists). */
export async function setStudentDepartments(tx: Tx, organizationId: OrganizationId, studentId: StudentId, ids: DepartmentId[]) {
  await setLinks(tx, organizationId, departmentStudents, { owner: 'studentId', ownerId: studentId, target: 'departmentId' }, ids);
}

/** Makes the enrollment's programs exactly these. */
export async function setEnrollmentPrograms(tx: Tx, organizationId: OrganizationId, enrollmentId: string, ids: string[]) {
  await setLinks(tx, organizationId, programStudents, { owner: 'enrollmentId', ownerId: enrollmentId, target: 'programId' }, ids);
}

/** The organization's name and currency, and its active services by name: what a contract lists. */
export async function contractFacts(tx: Tx, organizationId: OrganizationId) {
  const [organization] = await tx
    .select({ name: organizations.name, currency: organizations.currency })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  const offered = await tx
    .select({ name: services.name, priceMinor: services.priceMinor })
    .from(services)
    .where(and(eq(services.organizationId, organizationId), eq(services.isActive, true)))
    .orderBy(asc(sql`lower(${services.name})`));
  if (!organization) {
    throw new Error('The organization of a tenant transaction is not visible');
  }
  return { organization, services: offered };
}
