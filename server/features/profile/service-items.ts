/**
 * The lists of the profile (links, education, certifications, skills, work experience): one set of
 * rules for all five, each list a configuration of it.
 *
 * Rules:
 * - Only the therapist's own items are found: another person's item id is "not found" (404).
 * - Each list holds a bounded number of items (contract/limits.ts); one more is refused (409).
 * - An end date never comes before its start, also when an update gives only one of the two: the
 *   update is checked against what is saved (400 on the end field, nothing written).
 * - An update that names no field never reaches these rules: the call's registration refuses it (400).
 * - A skill is listed once whatever its case (409).
 */
import { endsBeforeStart, EXPIRES_BEFORE_ISSUED } from '../../../contract/profile-items';
import { LIMITS } from '../../../contract/limits';
import { AppError, notFound } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import type { Db } from '../../db/handles';
import type { UserId } from '../../lib/ids';
import type { UserContext } from '../../lib/request-context';
import * as repo from './repository';
import { presentCertification, presentEducation, presentSkill, presentSocialLink, presentWorkExperience } from './present';
import { requireTherapist } from './service';
import { patchOf } from '../../lib/row-patch';

interface ItemKind<Row, Out> {
  statements: repo.ItemStatements<Row>;
  /** "Link", "Education": what a missing item is called. */
  noun: string;
  /** "You can list at most 10 links." */
  full: string;
  max: number;
  /** Contract field → row key, for the fields the body may carry. */
  columns: Record<string, string>;
  present: (row: Row) => Out;
  /** The start and end row keys, the end's contract field, and what an end before its start is told. */
  order?: { start: string; end: string; field: string; message: string };
  /** Refuses a body the list's own rule forbids (a repeated skill). */
  check?: (db: Db, userId: UserId, row: Record<string, unknown>, exceptId?: string) => Promise<void>;
}

function checkOrder(kind: ItemKind<unknown, unknown>, row: Record<string, unknown>) {
  const order = kind.order;
  if (order && endsBeforeStart(row[order.start] as string | null, row[order.end] as string | null)) {
    throw new AppError('VALIDATION_FAILED', order.message, { [order.field]: [order.message] });
  }
}

/** What one list of the profile answers: its items, one added, one changed, one removed (routes.ts registers its four calls). */
export interface ItemCalls<Out> {
  list: (ctx: UserContext) => Promise<Out[]>;
  create: (ctx: UserContext, body: Record<string, unknown>) => Promise<Out>;
  update: (ctx: UserContext, id: string, body: Record<string, unknown>) => Promise<Out>;
  remove: (ctx: UserContext, id: string) => Promise<{ ok: true }>;
}

function itemCalls<Row extends { id: string }, Out>(kind: ItemKind<Row, Out>): ItemCalls<Out> {
  const loose = kind as unknown as ItemKind<unknown, unknown>;
  return {
    list: async (ctx: UserContext): Promise<Out[]> => {
      const person = await requireTherapist(ctx);
      return (await kind.statements.list(ctx.database.db, person.id)).map(kind.present);
    },
    create: async (ctx: UserContext, body: Record<string, unknown>): Promise<Out> => {
      const person = await requireTherapist(ctx);
      const { db } = ctx.database;
      const row = patchOf(body, kind.columns);
      checkOrder(loose, row);
      await kind.check?.(db, person.id, row);
      if ((await kind.statements.count(db, person.id)) >= kind.max) {
        throw new AppError('CONFLICT', kind.full);
      }
      return kind.present(await kind.statements.insert(db, { ...row, id: newId(), userId: person.id }));
    },
    update: async (ctx: UserContext, id: string, body: Record<string, unknown>): Promise<Out> => {
      const person = await requireTherapist(ctx);
      const { db } = ctx.database;
      const saved = await kind.statements.find(db, person.id, id);
      if (!saved) {
        throw notFound(kind.noun);
      }
      const patch = patchOf(body, kind.columns);
      if (Object.keys(patch).length === 0) {
        return kind.present(saved);
      }
      checkOrder(loose, { ...saved, ...patch });
      await kind.check?.(db, person.id, patch, id);
      const updated = await kind.statements.update(db, person.id, id, patch);
      if (!updated) {
        throw notFound(kind.noun); // removed meanwhile
      }
      return kind.present(updated);
    },
    remove: async (ctx: UserContext, id: string): Promise<{ ok: true }> => {
      const person = await requireTherapist(ctx);
      if (!(await kind.statements.remove(ctx.database.db, person.id, id))) {
        throw notFound(kind.noun);
      }
      return { ok: true };
    },
  };
}

const END_BEFORE_START = 'The end date comes before the start date.';

export const socialLinks = itemCalls({
  statements: repo.socialLinks,
  noun: 'Link',
  max: LIMITS.profileSocialLinksMax,
  full: `You can list at most ${LIMITS.profileSocialLinksMax} links.`,
  columns: { platform: 'platform', url: 'url' },
  present: presentSocialLink,
});

export const educations = itemCalls({
  statements: repo.educations,
  noun: 'Education',
  max: LIMITS.profileEducationsMax,
  full: `You can list at most ${LIMITS.profileEducationsMax} educations.`,
  columns: { institution: 'institution', degree: 'degree', field_of_study: 'fieldOfStudy', start_date: 'startDate', end_date: 'endDate' },
  present: presentEducation,
  order: { start: 'startDate', end: 'endDate', field: 'end_date', message: END_BEFORE_START },
});

export const certifications = itemCalls({
  statements: repo.certifications,
  noun: 'Certification',
  max: LIMITS.profileCertificationsMax,
  full: `You can list at most ${LIMITS.profileCertificationsMax} certifications.`,
  columns: { name: 'name', issuer: 'issuer', number: 'number', issued_on: 'issuedOn', expires_on: 'expiresOn' },
  present: (row) => presentCertification(row),
  order: { start: 'issuedOn', end: 'expiresOn', field: 'expires_on', message: EXPIRES_BEFORE_ISSUED },
});

export const skills = itemCalls({
  statements: repo.skills,
  noun: 'Skill',
  max: LIMITS.profileSkillsMax,
  full: `You can list at most ${LIMITS.profileSkillsMax} skills.`,
  columns: { name: 'name' },
  present: presentSkill,
  check: async (db, userId, row, exceptId) => {
    if (typeof row.name === 'string' && (await repo.hasSkillNamed(db, userId, row.name, exceptId))) {
      throw new AppError('CONFLICT', 'This skill is on your profile already.', { name: ['This skill is on your profile already.'] });
    }
  },
});

export const workExperiences = itemCalls({
  statements: repo.workExperiences,
  noun: 'Work experience',
  max: LIMITS.profileWorkExperiencesMax,
  full: `You can list at most ${LIMITS.profileWorkExperiencesMax} positions.`,
  columns: {
    organization_name: 'organizationName',
    title: 'title',
    location: 'location',
    start_date: 'startDate',
    end_date: 'endDate',
    description: 'description',
  },
  present: presentWorkExperience,
  order: { start: 'startDate', end: 'endDate', field: 'end_date', message: END_BEFORE_START },
});
