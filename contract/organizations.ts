import { z } from 'zod';
import { atMost, id, phone, text, webAddress } from './fields';
import { organizations as route } from './routes';
import { defineCall, OrganizationQuery, PageQuery, paginated } from './http';
import { OrganizationKind, SessionState, TimeZone, User } from './accounts';
import { LIMITS } from './limits';
import { Currency } from './money';

export const OrganizationSummary = z.object({
  id: z.uuid(),
  code: z.string().describe('Short human code, e.g. for parents to find the organization'),
  name: z.string(),
  kind: OrganizationKind,
});
export type OrganizationSummary = z.infer<typeof OrganizationSummary>;

export const MyOrganization = OrganizationSummary.extend({
  timezone: z.string(),
  role: z.enum(['owner', 'therapist', 'staff']),
  membership_id: z.uuid().nullable(),
});
export type MyOrganization = z.infer<typeof MyOrganization>;

export const listOrganizations = defineCall(route.listOrganizations, {
  summary: 'Organizations the signed-in user owns or is an active member of',
  access: { kind: 'user' },
  query: PageQuery,
  response: paginated(MyOrganization),
});

export const setActiveOrganization = defineCall(route.setActiveOrganization, {
  summary: "Switch the session to one of the user's organizations (the active organization lives in the server session)",
  access: { kind: 'user' },
  body: z.object({ organization_id: id() }),
  response: SessionState,
});

export const resolveOrganization = defineCall(route.resolveOrganization, {
  summary: 'Find an organization by its exact code',
  access: { kind: 'user' },
  query: z.object({ code: text().trim().min(1).max(32, atMost(32)) }),
  response: OrganizationSummary,
});

export const searchOrganizations = defineCall(route.searchOrganizations, {
  summary: 'Search organizations by name or code',
  access: { kind: 'user' },
  query: z.object({
    q: text().trim().min(1).max(100, atMost(100)),
    limit: z.coerce.number().int().min(1).max(LIMITS.orgSearchMax).default(LIMITS.orgSearchDefault),
  }),
  response: z.object({ results: z.array(OrganizationSummary) }),
});

export const OrganizationSettings = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  kind: OrganizationKind,
  timezone: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  website: z.string(),
  currency: Currency.describe("ISO 4217: the currency of the organization's prices"),
});
export type OrganizationSettings = z.infer<typeof OrganizationSettings>;

export const OrganizationSettingsBody = z.object({
  name: text().trim().min(1, 'Required.').max(LIMITS.nameMax, atMost(LIMITS.nameMax)),
  kind: OrganizationKind,
  timezone: TimeZone,
  email: z.union([z.email('Enter a valid e-mail address.').max(LIMITS.emailMax, atMost(LIMITS.emailMax)), z.literal('')]).default(''),
  phone: phone().default(''),
  address: text().trim().max(400, atMost(400)).default(''),
  website: webAddress().default(''),
  currency: Currency.optional().describe('ISO 4217; left out, the current currency stays'),
});

export const getOrganizationSettings = defineCall(route.getOrganizationSettings, {
  summary: 'Profile settings of the active organization',
  access: { kind: 'org', permission: 'organization.view' },
  response: OrganizationSettings,
});

export const updateOrganizationSettings = defineCall(route.updateOrganizationSettings, {
  summary: 'Replace the profile settings of the active organization',
  access: { kind: 'org', permission: 'organization.manage' },
  body: OrganizationSettingsBody,
  response: OrganizationSettings,
});

/** The first steps of a new organization, each true once the organization's own data shows it done. */
export const GettingStarted = z.object({
  services: z.boolean().describe('A service exists (what sessions are booked as)'),
  departments: z.boolean().describe('A department exists'),
  therapists: z.boolean().describe('A therapist was invited (in any state) or is a member'),
  enrollments: z.boolean().describe('A child is enrolled'),
  schedule: z.boolean().describe('A session is scheduled'),
});
export type GettingStarted = z.infer<typeof GettingStarted>;

export const gettingStarted = defineCall(route.gettingStarted, {
  summary: "Which first steps a new organization has taken, for its owner's Home (those who manage the organization)",
  access: { kind: 'org', permission: 'organization.manage' },
  query: OrganizationQuery,
  response: GettingStarted,
});

export const OwnerProfile = User.pick({ first_name: true, last_name: true, phone_number: true, email: true });
export const getOwnerProfile = defineCall(route.getOwnerProfile, {
  summary: "The organization owner's profile",
  access: { kind: 'user' },
  response: OwnerProfile,
});
export const updateOwnerProfile = defineCall(route.updateOwnerProfile, {
  summary: "Update the owner's name and phone; mirrored to the session user",
  access: { kind: 'user' },
  body: z.object({
    first_name: text().trim().min(1, 'Required.').max(LIMITS.nameMax, atMost(LIMITS.nameMax)).optional(),
    last_name: text().trim().min(1, 'Required.').max(LIMITS.nameMax, atMost(LIMITS.nameMax)).optional(),
    phone_number: phone().optional(),
  }),
  response: OwnerProfile,
});
