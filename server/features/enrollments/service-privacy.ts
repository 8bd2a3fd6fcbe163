/**
 * Privacy-role templates: which of the organization's roles see which parts of a student's record,
 * and `studentPartsVisibleTo`, the one answer other calls ask before they show a part.
 *
 * Decisions:
 * - A template stores role id → parts; every role must be one of the organization's (400 on
 *   `rules` otherwise). A role the template does not name sees no part. A role deleted later drops
 *   out of the answer and sees nothing.
 * - A student's template is the one their current enrollment (the open one, else the latest) names.
 * - The owner sees every part, always.
 * - A student whose enrollment names no template (or who has no enrollment): the permission keys
 *   decide, as before templates: `identity` for students.view, `goals_and_data` for
 *   students.records; medical, education and family stay the owner's until a template opens them.
 *   (An "identity only" default would cut every therapist off the collector for such students.)
 * - The answer itself is `server/lib/access/parts.ts`, which the collector and goal calls ask too.
 * - A template in use by an enrollment is not deleted (409 with how many use it).
 */
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/app-error';
import { newId, type StudentId } from '../../lib/ids';
import type { RequestContext } from '../../lib/request-context';
import { collection } from '../../lib/collection';
import { patchOf } from '../../lib/row-patch';
import { pageAnswer, pageRequestOf, withTotal } from '../../lib/pagination';
import {
  STUDENT_PARTS,
  type CreatePrivacyRoleTemplateBody,
  type PrivacyRoleTemplate,
  type StudentPart,
  type UpdatePrivacyRoleTemplateBody,
} from '../../../contract/enrollment-templates';
import * as repo from './repository';
import * as templates from './repository-templates';
import { auditedPrivacyTemplate, presentPrivacyTemplate, UNIQUE_CONSTRAINTS } from './present';
import { partsOfStudents } from '../../lib/access';

const privacyTemplates = collection({
  rows: templates.privacyTemplateRows,
  entity: 'privacy_role_template',
  label: 'Privacy-role template',
  audited: auditedPrivacyTemplate,
  nameTaken: UNIQUE_CONSTRAINTS.privacy_role_templates_name_uq,
});

async function rulesOf(ctx: RequestContext, rules: { role_id: string; parts: StudentPart[] }[]) {
  const roleNames = await templates.roleNames(ctx.tx, ctx.org.id);
  const unknown = rules.filter((rule) => !roleNames.has(rule.role_id.toLowerCase()));
  if (unknown.length > 0) {
    throw new AppError('VALIDATION_FAILED', 'Please correct the highlighted fields.', { rules: ['Choose roles of this organization.'] });
  }
  // Parts are kept in the contract's order, each once, so two equal matrices are stored alike.
  const stored = Object.fromEntries(
    rules.map((rule) => [rule.role_id.toLowerCase(), STUDENT_PARTS.filter((part) => rule.parts.includes(part))]),
  );
  return { stored, roleNames };
}

export async function listPrivacyRoleTemplates(
  ctx: RequestContext,
  query: { page: number; page_size: number; search?: string | undefined },
) {
  const page = await withTotal(
    (window) => templates.pagePrivacyTemplates(ctx.tx, ctx.org.id, query.search || undefined, window),
    pageRequestOf(query),
  );
  const roleNames = await templates.roleNames(ctx.tx, ctx.org.id);
  const roles = [...roleNames].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  return { ...pageAnswer(ctx.url, query, page, ({ row }) => presentPrivacyTemplate(row, roleNames)), roles };
}

export async function getPrivacyRoleTemplate(ctx: RequestContext, id: string): Promise<PrivacyRoleTemplate> {
  const row = await privacyTemplates.require(ctx, id);
  return presentPrivacyTemplate(row, await templates.roleNames(ctx.tx, ctx.org.id));
}

export async function createPrivacyRoleTemplate(
  ctx: RequestContext,
  body: z.output<typeof CreatePrivacyRoleTemplateBody>,
): Promise<PrivacyRoleTemplate> {
  const { stored, roleNames } = await rulesOf(ctx, body.rules);
  await privacyTemplates.checkName(ctx, body.name);
  return presentPrivacyTemplate(await privacyTemplates.create(ctx, { id: newId(), name: body.name, rules: stored }), roleNames);
}

export async function updatePrivacyRoleTemplate(
  ctx: RequestContext,
  id: string,
  body: z.output<typeof UpdatePrivacyRoleTemplateBody>,
): Promise<PrivacyRoleTemplate> {
  const before = await privacyTemplates.require(ctx, id);
  const { stored, roleNames } = await rulesOf(ctx, body.rules ?? []);
  await privacyTemplates.checkName(ctx, body.name, before);
  const rules = body.rules === undefined ? {} : { rules: stored };
  const after = await privacyTemplates.update(ctx, before, { ...patchOf(body, { name: 'name' }), ...rules });
  return presentPrivacyTemplate(after, roleNames);
}

export async function deletePrivacyRoleTemplate(ctx: RequestContext, id: string): Promise<{ ok: true }> {
  const uses = await templates.countTemplateUse(ctx.tx, ctx.org.id, id);
  if (uses > 0) {
    throw new AppError(
      'CONFLICT',
      `This template is used by ${uses === 1 ? 'an enrollment' : `${uses} enrollments`}; choose another template there first.`,
    );
  }
  await privacyTemplates.remove(ctx, id);
  return { ok: true };
}

/**
 * The parts of the student's record the caller may see: every part for the owner; for a member,
 * what the student's privacy-role template opens to their role, or what their keys open without a
 * template (server/lib/access/parts.ts). Another organization's student (or none) answers 404. It does not
 * ask the student scope: a call asks that first (which students), then this (which parts).
 */
export async function studentPartsVisibleTo(ctx: RequestContext, studentId: StudentId): Promise<StudentPart[]> {
  if (!(await repo.findStudent(ctx.tx, ctx.org.id, studentId))) {
    throw notFound('Student');
  }
  return (await partsOfStudents(ctx, [studentId])).get(studentId) ?? [];
}
