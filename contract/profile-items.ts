import { z } from 'zod';
import { atMost, isPlausibleInstant, isWebAddress, text } from './fields';
import { LIMITS } from './limits';

/**
 * The lists of a therapist's professional profile: what each item holds and how it is checked.
 * Each list has a full body (create) and the same fields all optional (update); an update's dates
 * are checked again by the server against what is saved, since a body may carry only one of them.
 */

const required = (max: number) => text().trim().min(1, 'Required.').max(max, atMost(max));
const optionalText = (max: number) => text().trim().max(max, atMost(max)).optional();

/** A calendar day as YYYY-MM-DD between 1900 and 2200; null clears it. */
export const CalendarDay = z.iso
  .date({ message: 'Use a date as YYYY-MM-DD.' })
  .refine(isPlausibleInstant, 'Give a real date between the years 1900 and 2200.');
const optionalDay = () => CalendarDay.nullable().optional();

/** True when both days are known and the end comes before the start (the same day is fine). */
export const endsBeforeStart = (start: string | null | undefined, end: string | null | undefined): boolean =>
  Boolean(start && end && end < start);

/** Refuses an end before its start on a full body, naming the end field. */
function inOrder<T extends Record<string, unknown>>(start: keyof T & string, end: keyof T & string, message: string) {
  return (value: T, ctx: z.RefinementCtx) => {
    if (endsBeforeStart(value[start] as string | null | undefined, value[end] as string | null | undefined)) {
      ctx.addIssue({ code: 'custom', path: [end], message });
    }
  };
}

export const SOCIAL_PLATFORMS = {
  linkedin: 'LinkedIn',
  website: 'Website',
  researchgate: 'ResearchGate',
  x: 'X',
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  other: 'Other',
} as const;
export const SocialPlatform = z.enum(Object.keys(SOCIAL_PLATFORMS) as [keyof typeof SOCIAL_PLATFORMS], 'Choose a platform from the list.');
export type SocialPlatform = z.infer<typeof SocialPlatform>;

/** A web address with http or https; one typed without a scheme ("linkedin.com/in/ana") is taken as https. */
export const HttpUrl = text()
  .trim()
  .min(1, 'Required.')
  .max(LIMITS.urlMax, atMost(LIMITS.urlMax))
  .refine(isWebAddress, 'Enter a web address starting with http:// or https://, such as https://example.org.')
  .transform((value) => (/^https?:\/\//i.test(value) ? value : `https://${value}`));

const SocialLinkFields = z.object({ platform: SocialPlatform, url: HttpUrl });
export const SocialLinkBody = SocialLinkFields;
export const SocialLinkPatch = SocialLinkFields.partial();
export const SocialLink = z.object({ id: z.uuid(), platform: SocialPlatform, url: z.string() });
export type SocialLink = z.infer<typeof SocialLink>;

const END_AFTER_START = 'The end date comes before the start date.';
const EducationFields = z.object({
  institution: required(LIMITS.profileShortTextMax),
  degree: optionalText(LIMITS.profileShortTextMax),
  field_of_study: optionalText(LIMITS.profileShortTextMax),
  start_date: optionalDay(),
  end_date: optionalDay().describe('Empty while still studying'),
});
export const EducationBody = EducationFields.superRefine(inOrder('start_date', 'end_date', END_AFTER_START));
export const EducationPatch = EducationFields.partial();
export const Education = z.object({
  id: z.uuid(),
  institution: z.string(),
  degree: z.string(),
  field_of_study: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
});
export type Education = z.infer<typeof Education>;

export const EXPIRES_BEFORE_ISSUED = 'The expiry date comes before the issue date.';
const CertificationFields = z.object({
  name: required(LIMITS.profileShortTextMax),
  issuer: optionalText(LIMITS.profileShortTextMax),
  number: optionalText(LIMITS.profileSkillMax).describe('The licence or certificate number'),
  issued_on: optionalDay(),
  expires_on: optionalDay().describe('Empty for a credential that does not expire'),
});
export const CertificationBody = CertificationFields.superRefine(inOrder('issued_on', 'expires_on', EXPIRES_BEFORE_ISSUED));
export const CertificationPatch = CertificationFields.partial();
export const ExpiryState = z
  .enum(['none', 'valid', 'expiring', 'expired'])
  .describe(`none: no expiry date; expiring: within ${LIMITS.certificationWarningDays} days; expired: the day has passed`);
export type ExpiryState = z.infer<typeof ExpiryState>;
const DAY_MS = 86_400_000;
/** A day as YYYY-MM-DD in UTC: a credential expires on a calendar day, wherever it is read. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);
/** The last day of the warning window: a credential expiring on or before it is flagged (expired ones too). */
export const warningEnd = (now: Date) => dayOf(new Date(now.getTime() + LIMITS.certificationWarningDays * DAY_MS));

export const Certification = z.object({
  id: z.uuid(),
  name: z.string(),
  issuer: z.string(),
  number: z.string(),
  issued_on: z.string().nullable(),
  expires_on: z.string().nullable(),
  expiry: ExpiryState,
});
export type Certification = z.infer<typeof Certification>;

const SkillFields = z.object({ name: required(LIMITS.profileSkillMax) });
export const SkillBody = SkillFields;
export const SkillPatch = SkillFields.partial();
export const Skill = z.object({ id: z.uuid(), name: z.string() });
export type Skill = z.infer<typeof Skill>;

const WorkExperienceFields = z.object({
  organization_name: required(LIMITS.profileShortTextMax),
  title: required(LIMITS.profileShortTextMax),
  location: optionalText(LIMITS.profileShortTextMax),
  start_date: CalendarDay,
  end_date: optionalDay().describe('Empty for the position held now'),
  description: optionalText(LIMITS.descriptionMax),
});
export const WorkExperienceBody = WorkExperienceFields.superRefine(inOrder('start_date', 'end_date', END_AFTER_START));
export const WorkExperiencePatch = WorkExperienceFields.partial();
export const WorkExperience = z.object({
  id: z.uuid(),
  organization_name: z.string(),
  title: z.string(),
  location: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  description: z.string(),
});
export type WorkExperience = z.infer<typeof WorkExperience>;
