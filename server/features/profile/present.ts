import { dayOf, warningEnd } from '../../../contract/profile-items';
import type { Certification, Education, ExpiryState, Skill, SocialLink, WorkExperience } from '../../../contract/profile-items';
import { SPECIALIZATIONS, type Profile, type SpecializationCode } from '../../../contract/profile';
import type { RacedConstraint } from '../../lib/db-errors';
import type {
  profileCertifications,
  profileEducations,
  profileSkills,
  profileSocialLinks,
  profileWorkExperiences,
} from '../../db/schema/profile';
import type { findPerson, ProfileRow } from './repository';

/** What a person hears when two saves race into one of this feature's unique constraints (409, on the field). */
export const UNIQUE_CONSTRAINTS: Readonly<Record<string, RacedConstraint>> = {
  profile_skills_name_uq: { detail: 'This skill is on your profile already.', field: 'name' },
};

export function expiryOf(expiresOn: string | null, now: Date): ExpiryState {
  if (!expiresOn) {
    return 'none';
  }
  if (expiresOn < dayOf(now)) {
    return 'expired';
  }
  return expiresOn <= warningEnd(now) ? 'expiring' : 'valid';
}

export const presentSocialLink = (row: typeof profileSocialLinks.$inferSelect): SocialLink => ({
  id: row.id,
  platform: row.platform as SocialLink['platform'],
  url: row.url,
});

export const presentEducation = (row: typeof profileEducations.$inferSelect): Education => ({
  id: row.id,
  institution: row.institution,
  degree: row.degree,
  field_of_study: row.fieldOfStudy,
  start_date: row.startDate,
  end_date: row.endDate,
});

export const presentCertification = (row: typeof profileCertifications.$inferSelect, now = new Date()): Certification => ({
  id: row.id,
  name: row.name,
  issuer: row.issuer,
  number: row.number,
  issued_on: row.issuedOn,
  expires_on: row.expiresOn,
  expiry: expiryOf(row.expiresOn, now),
});

export const presentSkill = (row: typeof profileSkills.$inferSelect): Skill => ({ id: row.id, name: row.name });

export const presentWorkExperience = (row: typeof profileWorkExperiences.$inferSelect): WorkExperience => ({
  id: row.id,
  organization_name: row.organizationName,
  title: row.title,
  location: row.location,
  start_date: row.startDate,
  end_date: row.endDate,
  description: row.description,
});

type Person = NonNullable<Awaited<ReturnType<typeof findPerson>>>;
type Lists = Pick<Profile, 'social_links' | 'educations' | 'certifications' | 'skills' | 'work_experiences'>;

/** A profile never saved answers its empty fields: every therapist has one from the start. */
export function presentProfile(person: Person, row: ProfileRow | undefined, lists: Lists): Profile {
  return {
    user_id: person.id,
    first_name: person.firstName,
    last_name: person.lastName,
    email: person.email,
    phone_number: person.phoneNumber,
    headline: row?.headline ?? '',
    bio: row?.bio ?? '',
    years_of_practice: row?.yearsOfPractice ?? null,
    languages: row?.languages ?? [],
    city: row?.city ?? '',
    country: row?.country ?? '',
    // A code the catalog no longer has is dropped rather than shown without a name.
    specializations: (row?.specializations ?? [])
      .filter((code): code is SpecializationCode => code in SPECIALIZATIONS)
      .map((code) => ({ code, label: SPECIALIZATIONS[code] })),
    ...lists,
  };
}
