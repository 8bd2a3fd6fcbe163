/**
 * Family: a parent's children and their enrollments.
 *
 * Rules:
 * - Only a PAR user has children; every call is the parent's own (a user context: the parent is
 *   `ctx.actor`), and another parent's child is "not found".
 * - Names are trimmed and required; birth date is optional (YYYY-MM-DD) and not in the future.
 * - A child who is (or was) a student of an organization cannot be deleted: the organization's
 *   records point at the child (409).
 * - A parent sees the enrollments of their own children in every organization; the organizations
 *   are found by a user-scoped look-up, the enrollments read under each organization's row-level
 *   security.
 * - A parent changes parent_status of their child's enrollment (PATCH
 *   children/enrollments/{id}/parent-status/ {new_status, reason?}) to one of PARENT_STATUSES.
 *   The optional reason is accepted but not stored: the schema has no parent_status_reason column.
 */
import { AppError, notFound } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { UserContext } from '../../lib/request-context';
import { PARENT_STATUSES, type ParentStatus } from '../../db/schema/enrollments';
import * as repo from './repository';

export type Child = repo.ChildRow;
export type ChildEnrollment = Awaited<ReturnType<typeof repo.selectEnrollmentsOfChildren>>[number];

export interface ChildInput {
  firstName: string;
  lastName: string;
  birthDate?: string | null;
}

export async function createChild(ctx: UserContext, input: ChildInput): Promise<Child> {
  if ((await repo.findUserType(ctx.database.db, ctx.actor)) !== 'PAR') {
    throw new AppError('FORBIDDEN', 'Only a parent account can add children.');
  }
  const names = checkNames(input.firstName, input.lastName);
  return repo.insertChild(ctx.database.db, {
    id: newId(),
    parentUserId: ctx.actor,
    ...names,
    birthDate: checkBirthDate(input.birthDate),
  });
}

export async function listChildren(ctx: UserContext): Promise<Child[]> {
  return repo.selectChildren(ctx.database.db, ctx.actor);
}

export async function getChild(ctx: UserContext, childId: string): Promise<Child> {
  const child = await repo.findChild(ctx.database.db, ctx.actor, childId);
  if (!child) {
    throw notFound('Child');
  }
  return child;
}

export async function updateChild(ctx: UserContext, childId: string, patch: Partial<ChildInput>): Promise<Child> {
  const current = await getChild(ctx, childId);
  const names = checkNames(patch.firstName ?? current.firstName, patch.lastName ?? current.lastName);
  const updated = await repo.updateChildRow(ctx.database.db, ctx.actor, childId, {
    ...names,
    ...(patch.birthDate !== undefined ? { birthDate: checkBirthDate(patch.birthDate) } : {}),
  });
  return updated ?? current;
}

export async function deleteChild(ctx: UserContext, childId: string): Promise<void> {
  await getChild(ctx, childId);
  try {
    await repo.deleteChildRow(ctx.database.db, ctx.actor, childId);
  } catch (error) {
    if (postgresCode(error) === '23503') {
      throw new AppError('CONFLICT', 'This child is enrolled with an organization and cannot be deleted.');
    }
    throw error;
  }
}

/** The enrollments of the parent's children in every organization (GET children/enrollments/). */
export async function listChildEnrollments(ctx: UserContext): Promise<ChildEnrollment[]> {
  const childIds = (await repo.selectChildren(ctx.database.db, ctx.actor)).map((c) => c.id);
  const organizationIds = await repo.selectOrganizationsOfChildren(ctx.database.db, childIds);
  const all: ChildEnrollment[] = [];
  for (const organizationId of organizationIds) {
    all.push(...(await ctx.database.tenant(organizationId, (tx) => repo.selectEnrollmentsOfChildren(tx, organizationId, childIds))));
  }
  return all;
}

export async function getChildEnrollment(ctx: UserContext, enrollmentId: string): Promise<ChildEnrollment> {
  const found = (await listChildEnrollments(ctx)).find((e) => e.enrollment.id === enrollmentId);
  if (!found) {
    throw notFound('Enrollment');
  }
  return found;
}

export async function setChildEnrollmentParentStatus(
  ctx: UserContext,
  enrollmentId: string,
  input: { newStatus: ParentStatus; reason?: string },
): Promise<ChildEnrollment> {
  if (!(PARENT_STATUSES as readonly string[]).includes(input.newStatus)) {
    throw new AppError('VALIDATION_FAILED', 'Unknown status.', { new_status: [`Use one of: ${PARENT_STATUSES.join(', ')}.`] });
  }
  const found = await getChildEnrollment(ctx, enrollmentId);
  const organizationId = found.organization.id;
  const enrollment = await ctx.database.tenant(organizationId, (tx) =>
    repo.updateParentStatus(tx, organizationId, enrollmentId, input.newStatus),
  );
  if (!enrollment) {
    throw notFound('Enrollment');
  }
  return { ...found, enrollment };
}

// ---- helpers -----------------------------------------------------------------------------------

function checkNames(firstName: string, lastName: string) {
  const first = firstName.trim();
  const last = lastName.trim();
  if (!first || !last) {
    throw new AppError('VALIDATION_FAILED', 'A child needs a first and last name.', {
      ...(!first ? { first_name: ['Required.'] } : {}),
      ...(!last ? { last_name: ['Required.'] } : {}),
    });
  }
  return { firstName: first, lastName: last };
}

function checkBirthDate(value: string | null | undefined): string | null {
  if (value === undefined || value === null || value === '') {
    return null;
  }
  const date = new Date(`${value}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    throw new AppError('VALIDATION_FAILED', 'Enter the birth date as YYYY-MM-DD.', { birth_date: ['Enter a valid date.'] });
  }
  if (date.getTime() > Date.now()) {
    throw new AppError('VALIDATION_FAILED', 'The birth date is in the future.', { birth_date: ['The birth date is in the future.'] });
  }
  return value;
}

function postgresCode(error: unknown): string | undefined {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return code;
    }
  }
  return undefined;
}
