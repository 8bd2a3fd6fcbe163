import { z } from 'zod';
import { atMost, id, orgCode, text } from './fields';
import { defineCall, defineCallGroup, OrganizationQuery, OrgParams, PageQuery, paginated } from './http';
import { LIMITS } from './limits';
import { OrganizationSummary } from './organizations';
import { invitations as route } from './routes';

/** `expired` is a pending invitation past its expiry date (14 days after it was sent). */
export const InvitationStatus = z.enum(['pending', 'accepted', 'rejected', 'cancelled', 'expired']);
export type InvitationStatus = z.infer<typeof InvitationStatus>;

/** An invitation's token in a path: 32 random bytes, base64url (43 characters). */
const TokenParams = z.object({
  token: text()
    .trim()
    .min(1, 'This invitation link is not complete.')
    .max(100, 'This invitation link is not valid.')
    .describe('The invitation token from the e-mail link'),
});
/** A therapist's shareable code: letters and digits, looked up ignoring case and spaces. */
export const TherapistCode = text()
  .transform((value) => value.replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{4,16}$/, 'Enter the code the therapist gave you (letters and digits).'));

export const ONE_WAY = "Give either the therapist's code or their e-mail address.";

const Named = z.object({ id: z.uuid(), name: z.string() });
const Person = z.object({ first_name: z.string(), last_name: z.string() });

const InvitationFields = z.object({
  token: z.string(),
  status: InvitationStatus,
  role: Named.nullable().describe('The role the therapist receives on accepting; null when that role was deleted'),
  departments: z.array(Named).describe('The department teams the therapist joins on accepting'),
  message: z.string(),
  invited_by: Person,
  created_at: z.string(),
  expires_at: z.string(),
  answered_at: z.string().nullable(),
});

/** An invitation as the organization sees it. */
export const Invitation = InvitationFields.extend({
  email: z.string().describe('The address the invitation went to'),
  therapist: Person.extend({ user_id: z.uuid() }).nullable().describe('Null while the e-mail has no therapist account'),
  is_archived: z.boolean(),
});
export type Invitation = z.infer<typeof Invitation>;

/** An invitation as the invited therapist sees it. */
export const MyInvitation = InvitationFields.extend({ organization: OrganizationSummary });
export type MyInvitation = z.infer<typeof MyInvitation>;

/**
 * What the e-mail's link shows before anyone signs in: enough for the invitee to know who asks them
 * to join what, and nothing else of the organization. The address and whether it has an account are
 * answered only while the invitation is open (to fill in the form the invitee continues with).
 */
export const InvitationPreview = z.object({
  status: InvitationStatus,
  organization: OrganizationSummary.pick({ name: true, kind: true }),
  invited_by: Person,
  role_name: z.string().describe('The role received on accepting (the built-in Therapist when the invited role was deleted)'),
  email: z.string().nullable().describe('The address invited; null once the invitation is answered, withdrawn or expired'),
  has_account: z.boolean().describe('An account holds that address already, so the invitee signs in rather than registers'),
  expires_at: z.string(),
  answered_at: z.string().nullable(),
});
export type InvitationPreview = z.infer<typeof InvitationPreview>;

export const preview = defineCall(route.preview, {
  summary: "An invitation as its e-mail's link shows it to someone not signed in (rate-limited like sign-in)",
  access: { kind: 'public' },
  params: TokenParams,
  response: InvitationPreview,
});

const mine = defineCallGroup({ access: { kind: 'user' } });
const invitee = defineCallGroup({ access: { kind: 'user' }, params: TokenParams });
const managed = defineCallGroup({ access: { kind: 'org', permission: 'members.manage' }, params: TokenParams, query: OrganizationQuery });

export const myInvitations = mine(
  route.myInvitations,
  "The signed-in therapist's invitations from every organization (sent to them or to their account's e-mail)",
  { query: PageQuery.extend({ status: InvitationStatus.optional() }), response: paginated(MyInvitation) },
);
export const myInvitation = invitee(route.myInvitation, 'One invitation of the signed-in therapist, by the token of its link', {
  response: MyInvitation,
});
export const myTherapistCode = mine(route.myTherapistCode, "The signed-in therapist's code, which organizations invite them by", {
  response: z.object({ therapist_code: z.string() }),
});
export const accept = invitee(
  route.accept,
  'Accept an invitation: the therapist joins the organization with the invited role and departments',
  {
    response: MyInvitation,
  },
);
export const reject = invitee(route.reject, 'Decline an invitation', { response: MyInvitation });

export const cancel = managed(route.cancel, 'Withdraw a pending invitation', { response: Invitation });
export const archive = managed(route.archive, "Hide an answered invitation from the organization's list", { response: Invitation });
export const unarchive = managed(route.unarchive, "Show an archived invitation on the organization's list again", { response: Invitation });

export const InvitationArchived = z.enum(['exclude', 'include', 'only']);
export const list = defineCall(route.list, {
  summary: "The organization's invitations, newest first (archived ones only when asked)",
  access: { kind: 'org', permission: 'members.view' },
  params: OrgParams,
  query: PageQuery.extend({ status: InvitationStatus.optional(), archived: InvitationArchived.default('exclude') }),
  response: paginated(Invitation),
});

/** Exactly one of `therapist_code` and `email` names the therapist (the server answers 400 otherwise). */
export const InviteBody = z.object({
  organization_code: orgCode().describe('The organization that invites (the one the call acts in)'),
  therapist_code: TherapistCode.optional(),
  email: z.email('Enter a valid e-mail address.').max(LIMITS.emailMax, atMost(LIMITS.emailMax)).optional(),
  role_id: id().optional().describe('The organization role to receive; the built-in therapist role when left out'),
  department_ids: z.array(id()).max(LIMITS.bulkIds, `At most ${LIMITS.bulkIds} departments.`).default([]),
  message: text().trim().max(LIMITS.invitationMessageMax, atMost(LIMITS.invitationMessageMax)).default(''),
});
/** What the invite form checks before sending: the same fields, with one way to name the therapist. */
export const InviteForm = InviteBody.refine((body) => (body.therapist_code === undefined) !== (body.email === undefined), {
  message: ONE_WAY,
  path: ['therapist_code'],
});
export type InviteBody = z.input<typeof InviteBody>;
export const invite = defineCall(route.invite, {
  summary: 'Invite a therapist by their code or e-mail; the invitation is e-mailed and expires after 14 days',
  access: { kind: 'org', permission: 'members.manage' },
  query: OrganizationQuery,
  body: InviteBody,
  response: Invitation,
  status: 201,
});

export const TherapistCard = z.object({ therapist_code: z.string(), first_name: z.string(), last_name: z.string() });
export type TherapistCard = z.infer<typeof TherapistCard>;
export const lookup = defineCall(route.lookup, {
  summary: 'The name behind a therapist code, to check before inviting (nothing private)',
  access: { kind: 'org', permission: 'members.manage' },
  query: OrganizationQuery.extend({ therapist_code: TherapistCode }),
  response: TherapistCard,
});
