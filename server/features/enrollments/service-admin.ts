/**
 * The administration's calls on enrollments (students.manage changes, students.view reads).
 *
 * Decisions:
 * - A new enrollment names one student: an existing one, a new one (names), or a parent's child.
 *   It starts `active` unless the body asks for `pending`; parent_status follows the student's kind
 *   (service.ts).
 * - Departments belong to the student (department placements), programs to the enrollment; saving
 *   makes both exactly the lists given. Removing a department ends its therapists' assignments to
 *   the student there.
 * - The contract is issued from a template when the body names one (on create or later on PUT) and
 *   is then fixed: template edits never reach it. Without a template, the contract stays as it was.
 * - Every id in the body must be the organization's (400 on its field otherwise, nothing written);
 *   another organization's enrollment id answers 404.
 */
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error';
import { asDepartmentId, asStudentId } from '../../lib/ids';
import { partsOfStudents, reachableStudentIds, studentReach } from '../../lib/access';
import type { RequestContext } from '../../lib/request-context';
import { pageAnswer, pageRequestOf, withTotal } from '../../lib/pagination';
import { fromMinorUnits, type CurrencyCode } from '../../../contract/money';
import type {
  CreateEnrollmentBody,
  Enrollment,
  ListEnrollmentsQuery,
  SetOrgStatusBody,
  UpdateEnrollmentBody,
} from '../../../contract/enrollments';
import * as repo from './repository';
import * as admin from './repository-admin';
import { contractTemplateRows, privacyTemplateRows } from './repository-templates';
import { auditedEnrollment, presentEnrollment } from './present';
import { issueContract } from './service-contract-html';
import * as core from './service';

type Fields = z.output<typeof UpdateEnrollmentBody>;
type Pair = { enrollment: repo.EnrollmentRow; student: repo.StudentRow };

const invalid = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', 'Please correct the highlighted fields.', { [field]: [message] });

async function answer(ctx: RequestContext, pair: Pair): Promise<Enrollment> {
  const parts = (await partsOfStudents(ctx, [pair.student.id])).get(pair.student.id) ?? [];
  return presentEnrollment(pair, await admin.namesFor(ctx.tx, ctx.org.id, [pair]), parts);
}

/** The enrollment, when it is the organization's and its student one the caller reaches (404 otherwise). */
async function loaded(ctx: RequestContext, id: string): Promise<Pair> {
  const [pair] = await repo.selectEnrollments(ctx.tx, ctx.org.id, { id });
  if (!pair) {
    throw notFound('Enrollment');
  }
  if (!(await reachableStudentIds(ctx, [pair.student.id])).has(pair.student.id)) {
    throw notFound('Enrollment');
  }
  return pair;
}

export async function listEnrollmentPage(ctx: RequestContext, query: z.output<typeof ListEnrollmentsQuery>) {
  const filter: admin.EnrollmentFilter = {
    search: query.search || undefined,
    orgStatus: query.org_status,
    parentStatus: query.parent_status,
    isArchived: query.archived ?? false,
  };
  const reach = studentReach(ctx.org.access);
  const page = await withTotal(
    (window) => admin.pageEnrollments(ctx.tx, ctx.org.id, filter, query.ordering, window, reach),
    pageRequestOf(query),
  );
  const names = await admin.namesFor(ctx.tx, ctx.org.id, page.rows);
  const parts = await partsOfStudents(
    ctx,
    page.rows.map((r) => r.student.id),
  );
  return pageAnswer(ctx.url, query, page, (row) => presentEnrollment(row, names, parts.get(row.student.id) ?? []));
}

export async function getEnrollmentDetail(ctx: RequestContext, id: string): Promise<Enrollment> {
  return answer(ctx, await loaded(ctx, id));
}

/** Checks every id the body names before anything is written. */
async function checkFields(ctx: RequestContext, fields: Fields) {
  const { tx } = ctx;
  const organizationId = ctx.org.id;
  const unique = (ids: string[]) => [...new Set(ids.map((id) => id.toLowerCase()))];
  const departments = unique(fields.departments).map(asDepartmentId);
  const programs = unique(fields.programs);
  if ((await admin.departmentRows.byIds(tx, organizationId, departments)).length !== departments.length) {
    throw invalid('departments', 'Choose departments of this organization.');
  }
  if ((await admin.programRows.byIds(tx, organizationId, programs)).length !== programs.length) {
    throw invalid('programs', 'Choose programs of this organization.');
  }
  if (fields.privacy_and_role_template && !(await privacyTemplateRows.byId(tx, organizationId, fields.privacy_and_role_template))) {
    throw invalid('privacy_and_role_template', 'Choose a privacy-role template of this organization.');
  }
  const template = fields.contract_template ? await contractTemplateRows.byId(tx, organizationId, fields.contract_template) : null;
  if (fields.contract_template && !template) {
    throw invalid('contract_template', 'Choose a contract template of this organization.');
  }
  return { departments, programs, template };
}

/** Writes the fields onto the enrollment (and its student's departments), issuing the contract when a template is named. */
async function applyFields(ctx: RequestContext, pair: Pair, fields: Fields): Promise<repo.EnrollmentRow> {
  const checked = await checkFields(ctx, fields);
  const { tx } = ctx;
  const organizationId = ctx.org.id;
  await admin.setStudentDepartments(tx, organizationId, pair.student.id, checked.departments);
  await admin.setEnrollmentPrograms(tx, organizationId, pair.enrollment.id, checked.programs);
  const patch: Partial<repo.EnrollmentRow> = {
    privacyRoleTemplateId: fields.privacy_and_role_template,
    notes: fields.notes,
    contractStartDate: fields.contract_start_date,
    contractResponsiblePerson: fields.contract_responsible_person,
  };
  if (checked.template) {
    const names = await admin.namesFor(tx, organizationId, [pair]);
    const facts = await admin.contractFacts(tx, organizationId);
    const currency = facts.organization.currency as CurrencyCode;
    patch.contractHtml = issueContract(checked.template.bodyHtml, {
      student_name: `${pair.student.firstName} ${pair.student.lastName}`,
      organization_name: facts.organization.name,
      start_date: fields.contract_start_date ?? '',
      responsible_person: fields.contract_responsible_person,
      programs: (names.programs.get(pair.enrollment.id) ?? []).map((p) => p.name),
      services: facts.services.map((s) => ({ name: s.name, price: `${fromMinorUnits(s.priceMinor, currency)} ${currency}` })),
    });
    patch.contractTemplateName = checked.template.name;
  }
  return (await admin.enrollmentRows.update(tx, organizationId, pair.enrollment.id, patch)) ?? pair.enrollment;
}

export async function createEnrollment(ctx: RequestContext, body: z.output<typeof CreateEnrollmentBody>): Promise<Enrollment> {
  await checkFields(ctx, body);
  const choice = body.student;
  let pair: Pair;
  if ('child_id' in choice) {
    pair = await core.enrollChild(ctx, { childId: choice.child_id, notes: body.notes });
  } else {
    const student =
      'id' in choice
        ? await core.getStudent(ctx, asStudentId(choice.id))
        : await core.createStudent(ctx, { firstName: choice.first_name, lastName: choice.last_name });
    pair = { student, enrollment: await core.enrollStudent(ctx, { studentId: student.id, notes: body.notes }) };
  }
  const enrollment = await applyFields(ctx, pair, body);
  const created =
    body.org_status === 'pending'
      ? await admin.enrollmentRows.update(ctx.tx, ctx.org.id, enrollment.id, { orgStatus: 'pending' })
      : enrollment;
  await ctx.trail.record({ action: 'create', entity: 'enrollment', entityId: enrollment.id, after: auditedEnrollment(created!) });
  return answer(ctx, { student: pair.student, enrollment: created! });
}

export async function updateEnrollment(ctx: RequestContext, id: string, body: Fields): Promise<Enrollment> {
  return changed(ctx, id, (before) => applyFields(ctx, before, body));
}

export async function removeEnrollment(ctx: RequestContext, id: string): Promise<{ ok: true }> {
  const before = await loaded(ctx, id);
  await core.deleteEnrollment(ctx, id);
  await ctx.trail.record({ action: 'delete', entity: 'enrollment', entityId: id, before: auditedEnrollment(before.enrollment) });
  return { ok: true };
}

/** An edit, a status move, an archive or an unarchive: the change to the enrollment as loaded, then the trail and the full answer. */
async function changed(ctx: RequestContext, id: string, change: (before: Pair) => Promise<repo.EnrollmentRow>): Promise<Enrollment> {
  const before = await loaded(ctx, id);
  const after = await change(before);
  await ctx.trail.record({
    action: 'update',
    entity: 'enrollment',
    entityId: id,
    before: auditedEnrollment(before.enrollment),
    after: auditedEnrollment(after),
  });
  return answer(ctx, { student: before.student, enrollment: after });
}

export async function changeOrgStatus(ctx: RequestContext, id: string, body: z.output<typeof SetOrgStatusBody>): Promise<Enrollment> {
  return changed(ctx, id, () => core.setEnrollmentOrgStatus(ctx, id, { newStatus: body.new_status, reason: body.reason }));
}

export async function archive(ctx: RequestContext, id: string): Promise<Enrollment> {
  return changed(ctx, id, () => core.archiveEnrollment(ctx, id));
}

export async function unarchive(ctx: RequestContext, id: string): Promise<Enrollment> {
  return changed(ctx, id, () => core.unarchiveEnrollment(ctx, id));
}
