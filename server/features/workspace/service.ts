/**
 * Workspace usage: opening a workspace for a membership starts a usage, closing it ends
 * the usage with notes. The usage id may be made on the device so a workspace opened offline can be
 * closed offline too; opening the same id again returns it. Only the membership's own user opens
 * and closes its usages; closing a closed usage returns it unchanged.
 */
import { notFound } from '../../lib/app-error';
import type { RequestContext } from '../../lib/request-context';
import { asMembershipId, newId } from '../../lib/ids';
import { tapTime } from '../scheduling';
import * as repo from './repository';

import { present, type Usage } from './present';

export async function openWorkspace(
  ctx: RequestContext,
  body: { membership_id: string; usage_id?: string | undefined; client_now?: string | undefined },
) {
  const { tx, actor } = ctx;
  const org = ctx.org.access;
  if (org.membershipId !== body.membership_id) {
    throw notFound('Membership');
  }
  const id = body.usage_id ?? newId();
  const existing = await repo.findUsage(tx, org.organizationId, id);
  if (existing) {
    if (existing.userId !== actor) {
      throw notFound('Workspace usage');
    }
    return present(existing);
  }
  await repo.insertUsage(tx, org.organizationId, {
    id,
    membershipId: asMembershipId(body.membership_id),
    userId: actor,
    openedAt: tapTime(body.client_now),
  });
  // Re-read: a racing open of the same id may have inserted it first (then it must be ours too).
  const created = await repo.findUsage(tx, org.organizationId, id);
  if (!created || created.userId !== actor) {
    throw notFound('Workspace usage');
  }
  return present(created);
}

export async function closeWorkspace(ctx: RequestContext, usageId: string, body: { notes: string; client_now?: string | undefined }) {
  const { tx, actor } = ctx;
  const org = ctx.org.access;
  const usage = await repo.findUsage(tx, org.organizationId, usageId);
  if (!usage || usage.userId !== actor) {
    throw notFound('Workspace usage');
  }
  if (!usage.closedAt) {
    await repo.closeUsage(tx, org.organizationId, usageId, tapTime(body.client_now), body.notes);
  }
  return present((await repo.findUsage(tx, org.organizationId, usageId)) as Usage);
}
