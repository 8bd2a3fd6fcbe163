import { z } from 'zod';
import { memberships as route } from './routes';
import { defineCall, PageQuery, paginated } from './http';
import { OrganizationSummary } from './organizations';

export const MembershipStatus = z.enum(['active', 'resigning', 'terminated', 'resigned']);

export const MyMembership = z.object({
  id: z.uuid(),
  organization: OrganizationSummary,
  role: z.enum(['therapist', 'staff']),
  status: MembershipStatus,
  joined_at: z.string(),
});
export type MyMembership = z.infer<typeof MyMembership>;

export const myMemberships = defineCall(route.myMemberships, {
  summary: "The signed-in therapist's or staff member's memberships",
  access: { kind: 'user' },
  query: PageQuery,
  response: paginated(MyMembership),
});
