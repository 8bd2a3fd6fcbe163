import { z } from 'zod';
import { memberships as route } from './routes';
import { defineCall, defineCallGroup, IdParams, OrgParams, PageQuery, paginated, Search } from './http';
import { atMost, id, text } from './fields';
import { LIMITS } from './limits';
import { OrganizationSummary } from './organizations';
import { Profile } from './profile';

/**
 * A membership's life: active → resigning (the member asked to leave) → resigned (the organization
 * accepted), or terminated by the organization from active or resigning. Resigned and terminated
 * members are former members; being invited again and accepting makes the same membership active.
 */
export const MembershipStatus = z.enum(['active', 'resigning', 'terminated', 'resigned']);
export type MembershipStatus = z.infer<typeof MembershipStatus>;

/** Each status as a person reads it; a former member's says how it ended, so a dismissal reads apart from a departure. */
export const MEMBERSHIP_STATUS_LABELS: Record<MembershipStatus, string> = {
  active: 'Active',
  resigning: 'Resigning',
  resigned: 'Resigned',
  terminated: 'Terminated',
};

export const MyMembership = z.object({
  id: z.uuid(),
  organization: OrganizationSummary,
  role: z.enum(['therapist', 'staff']),
  status: MembershipStatus,
  joined_at: z.string(),
  ended_at: z.string().nullable().describe('When the resignation was accepted or the membership terminated; null while it lasts'),
});
export type MyMembership = z.infer<typeof MyMembership>;

export const myMemberships = defineCall(route.myMemberships, {
  summary: "The signed-in therapist's or staff member's memberships",
  access: { kind: 'user' },
  query: PageQuery,
  response: paginated(MyMembership),
});

/** Why a membership is ended or asked to end: required, trimmed, a note's length at most. */
export const MembershipReasonBody = z.object({
  reason: text()
    .trim()
    .min(1, 'Give a reason.')
    .max(LIMITS.noteMax, atMost(LIMITS.noteMax))
    .describe('Kept with the membership and shown to the organization'),
});
export type MembershipReasonBody = z.infer<typeof MembershipReasonBody>;

/** The list's status filter: current (active, resigning), former (resigned, terminated), all, or one status. */
export const MembershipStatusFilter = z.enum(['current', 'former', 'all', ...MembershipStatus.options]);
export type MembershipStatusFilter = z.infer<typeof MembershipStatusFilter>;

export const Member = z.object({
  id: z.uuid().describe('The membership id'),
  user: z.object({ id: z.uuid(), first_name: z.string(), last_name: z.string(), email: z.string() }),
  role: z.enum(['therapist', 'staff']),
  status: MembershipStatus,
  status_reason: z.string().describe("The resignation's or termination's reason; empty while active"),
  status_changed_at: z.string().nullable().describe('When the status last changed; null before any change'),
  joined_at: z.string(),
  ended_at: z.string().nullable().describe('When the resignation was accepted or the membership terminated'),
});
export type Member = z.infer<typeof Member>;

const Named = z.object({ id: z.uuid(), name: z.string() });

export const MembershipDetail = Member.extend({
  role_name: z.string().nullable().describe("The organization role the member holds (its permission keys' name)"),
  departments: z.array(Named),
  assigned_students: z.array(z.object({ id: z.uuid(), first_name: z.string(), last_name: z.string(), code: z.string() })),
  workspace_minutes: z
    .object({ this_month: z.number().int(), last_month: z.number().int() })
    .describe("Minutes of workspace use in the organization's calendar months (an open usage counts up to now)"),
  sessions: z.object({
    held: z.number().int().describe('Sessions completed or ended early'),
    upcoming: z.number().int().describe('Scheduled sessions from now on: after an end they need a new therapist'),
  }),
  professional_profile: Profile.nullable().describe(
    "The member's professional profile (specializations, credentials); null for an organization account on the staff",
  ),
});
export type MembershipDetail = z.infer<typeof MembershipDetail>;

const MembershipParams = OrgParams.extend({ id: id() });
const admin = defineCallGroup({ access: { kind: 'org', permission: 'members.manage' }, params: MembershipParams });

export const listMemberships = defineCall(route.listMemberships, {
  summary: "The organization's memberships (therapists and staff), current ones unless `status` says otherwise",
  access: { kind: 'org', permission: 'members.view' },
  params: OrgParams,
  query: PageQuery.extend({
    status: MembershipStatusFilter.default('current'),
    search: Search.describe('Matches first or last name or e-mail, ignoring case'),
  }),
  response: paginated(Member),
});

export const membershipDetail = defineCall(route.membershipDetail, {
  summary: 'One membership: the person, role, status with its reason and dates, departments, students, hours and sessions',
  access: { kind: 'org', permission: 'members.view' },
  params: MembershipParams,
  response: MembershipDetail,
});

export const terminateMembership = admin(route.terminateMembership, 'End an active or resigning membership, with a reason', {
  body: MembershipReasonBody,
  response: Member,
});

export const acceptResignation = admin(route.acceptResignation, "Accept a member's resignation: the membership ends now", {
  response: Member,
});

const own = defineCallGroup({ access: { kind: 'user' }, params: IdParams });

export const resign = own(route.resign, 'Ask to leave the organization, with a reason (the organization accepts it)', {
  body: MembershipReasonBody,
  response: MyMembership,
});

export const cancelResignation = own(route.cancelResignation, 'Withdraw a resignation the organization has not accepted yet', {
  response: MyMembership,
});
