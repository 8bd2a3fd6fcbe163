import type { z } from 'zod';
import { type DepartmentId, type MembershipId, newId } from '../../lib/ids';
import { notFound } from '../../lib/app-error';
import type { RequestContext } from '../../lib/request-context';
import { readPage } from '../../lib/pagination';
import type {
  DepartmentMember,
  listDepartmentMembers as listMembersCall,
  listOrganizationMembers as listPeopleCall,
} from '../../../contract/departments';
import * as repo from './repository-team';
import { memberChange, presentMember, presentOrganizationMember } from './present';
import { dropAssignments, requireActiveMembership, requireDepartment } from './service';

// A department's team: active members of the organization (service.ts has the rules).

export async function listDepartmentMembers(
  ctx: RequestContext,
  departmentId: DepartmentId,
  query: z.output<typeof listMembersCall.query>,
): Promise<z.input<typeof listMembersCall.response>> {
  await requireDepartment(ctx, departmentId);
  return readPage(
    ctx.url,
    query,
    (window) => repo.pageDepartmentMembers(ctx.tx, ctx.org.id, departmentId, { search: query.search }, window),
    presentMember,
  );
}

/** Adds an active member to the team; adding them again answers the existing row. */
export async function addDepartmentMember(
  ctx: RequestContext,
  departmentId: DepartmentId,
  membershipId: MembershipId,
): Promise<DepartmentMember> {
  await requireDepartment(ctx, departmentId);
  await requireActiveMembership(ctx, membershipId);
  await joinTeam(ctx, departmentId, membershipId);
  const [row] = await repo.pageDepartmentMembers(ctx.tx, ctx.org.id, departmentId, { membershipId }, { limit: 1, offset: 0 });
  return presentMember(row!);
}

/** Puts the membership on the department's team unless it is there already (recorded only when it joins). */
export async function joinTeam(ctx: RequestContext, departmentId: DepartmentId, membershipId: MembershipId): Promise<void> {
  const created = await repo.departmentMemberRows.insertOnce(ctx.tx, ctx.org.id, { id: newId(), departmentId, membershipId });
  if (created) {
    await ctx.trail.record(memberChange('create', created));
  }
}

/** `memberId` is the team row's id (DELETE departments/{id}/members/{memberId}/); their assignments there go too. */
export async function removeDepartmentMember(ctx: RequestContext, departmentId: DepartmentId, memberId: string): Promise<{ ok: true }> {
  const removed = await repo.deleteDepartmentMemberRow(ctx.tx, ctx.org.id, departmentId, memberId);
  if (!removed) {
    throw notFound('Department member');
  }
  await ctx.trail.record(memberChange('delete', removed));
  await dropAssignments(ctx, { departmentIds: [departmentId], membershipId: removed.membershipId });
  return { ok: true };
}

/** The organization's active members, to pick a team member or a student's therapist from. */
export async function listOrganizationMembers(
  ctx: RequestContext,
  query: z.output<typeof listPeopleCall.query>,
): Promise<z.input<typeof listPeopleCall.response>> {
  const filter = { search: query.search, role: query.role };
  return readPage(ctx.url, query, (window) => repo.pageActiveMembers(ctx.tx, ctx.org.id, filter, window), presentOrganizationMember);
}
