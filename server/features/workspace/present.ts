import type { findUsage } from './repository';

export type Usage = NonNullable<Awaited<ReturnType<typeof findUsage>>>;

export const present = (u: Usage) => ({
  id: u.id,
  membership_id: u.membershipId,
  opened_at: u.openedAt.toISOString(),
  closed_at: u.closedAt?.toISOString() ?? null,
  notes: u.notes,
});
