/**
 * A therapist's professional profile (their own calls) and its read by an organization.
 *
 * Rules:
 * - Only a therapist (THE) account has a profile; anyone else is refused with a sentence (403).
 * - The profile is the person's, across organizations: no organization, no organization trail.
 * - A profile never saved answers empty fields, so reading one writes nothing.
 * - Names and phone are the account's own (the users row): a change here is the account's change,
 *   and the session user, read from that row on every call, shows it at once.
 * - An organization reads the profile of its own member only (the member detail), never writes it.
 */
import type { z } from 'zod';
import { SPECIALIZATIONS, type Profile, type ProfileBody, type Specialization, type SpecializationCode } from '../../../contract/profile';
import { AppError, notFound } from '../../lib/app-error';
import type { Db } from '../../db/handles';
import type { UserId } from '../../lib/ids';
import type { RequestContext, UserContext } from '../../lib/request-context';
import * as repo from './repository';
import { presentCertification, presentEducation, presentProfile, presentSkill, presentSocialLink, presentWorkExperience } from './present';
import { NAME_AND_PHONE, patchOf } from '../../lib/row-patch';
import { updateUser } from '../accounts';

/** The signed-in person, refused unless a therapist: the owner connection, bounded by their id. */
export async function requireTherapist(ctx: UserContext) {
  const person = await repo.findPerson(ctx.database.db, ctx.actor);
  if (!person || person.userType !== 'THE') {
    throw new AppError('FORBIDDEN', 'Only a therapist account has a professional profile.');
  }
  return person;
}

async function profileOf(db: Db, person: NonNullable<Awaited<ReturnType<typeof repo.findPerson>>>): Promise<Profile> {
  const userId = person.id;
  const [row, links, educations, certifications, skills, work] = await Promise.all([
    repo.findProfile(db, userId),
    repo.socialLinks.list(db, userId),
    repo.educations.list(db, userId),
    repo.certifications.list(db, userId),
    repo.skills.list(db, userId),
    repo.workExperiences.list(db, userId),
  ]);
  const now = new Date();
  return presentProfile(person, row, {
    social_links: links.map(presentSocialLink),
    educations: educations.map(presentEducation),
    certifications: certifications.map((c) => presentCertification(c, now)),
    skills: skills.map(presentSkill),
    work_experiences: work.map(presentWorkExperience),
  });
}

export async function getProfile(ctx: UserContext): Promise<Profile> {
  return profileOf(ctx.database.db, await requireTherapist(ctx));
}

export async function updateProfile(ctx: UserContext, body: z.output<typeof ProfileBody>): Promise<Profile> {
  const person = await requireTherapist(ctx);
  const { db } = ctx.database;
  const names = patchOf(body, NAME_AND_PHONE);
  const profile: repo.ProfilePatch = patchOf(body, {
    headline: 'headline',
    bio: 'bio',
    years_of_practice: 'yearsOfPractice',
    languages: 'languages',
    city: 'city',
    country: 'country',
    specializations: 'specializations',
  });
  // Both rows change together or not at all.
  await db.transaction(async (tx) => {
    if (Object.keys(names).length > 0) {
      await updateUser(tx, person.id, names);
    }
    if (Object.keys(profile).length > 0) {
      await repo.upsertProfile(tx, person.id, profile);
    }
  });
  return profileOf(db, (await repo.findPerson(db, person.id))!);
}

export async function listSpecializations(ctx: UserContext): Promise<Specialization[]> {
  await requireTherapist(ctx);
  return (Object.keys(SPECIALIZATIONS) as SpecializationCode[]).map((code) => ({ code, label: SPECIALIZATIONS[code] }));
}

/**
 * A member's profile as their organization sees it (read-only), inside the organization's own
 * transaction. Only a therapist or staff member of this organization is found: anyone else is
 * "not found", so an organization cannot read the profile of a stranger by guessing an id.
 */
export async function memberProfile(ctx: RequestContext, userId: UserId): Promise<Profile> {
  const person = (await repo.isMemberOf(ctx.tx, ctx.org.id, userId)) ? await repo.findPerson(ctx.tx, userId) : undefined;
  if (!person || person.userType !== 'THE') {
    throw notFound('Profile');
  }
  return profileOf(ctx.tx, person);
}
