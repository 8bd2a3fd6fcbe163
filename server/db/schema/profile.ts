import type { UserId } from '../../lib/ids';
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';

/**
 * A therapist's professional profile. It belongs to the person, not to an organization: one profile
 * follows the therapist into every clinic they join, so these tables have no organization_id (and no
 * tenant policy). The tenant role may read them (server/db/global-reads.ts): an organization shows the
 * profiles of its own therapists. Names and phone stay on `users`, the one place the session reads.
 */
const owner = () =>
  uuid('user_id')
    .$type<UserId>()
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const therapistProfiles = pgTable('therapist_profiles', {
  userId: owner().primaryKey(),
  headline: text('headline').notNull().default(''),
  bio: text('bio').notNull().default(''),
  yearsOfPractice: integer('years_of_practice'),
  languages: text('languages')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  city: text('city').notNull().default(''),
  country: text('country').notNull().default(''),
  specializations: text('specializations')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const profileSocialLinks = pgTable(
  'profile_social_links',
  {
    id: uuid('id').primaryKey(),
    userId: owner(),
    platform: text('platform').notNull(),
    url: text('url').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('profile_social_links_user_idx').on(t.userId)],
);

export const profileEducations = pgTable(
  'profile_educations',
  {
    id: uuid('id').primaryKey(),
    userId: owner(),
    institution: text('institution').notNull(),
    degree: text('degree').notNull().default(''),
    fieldOfStudy: text('field_of_study').notNull().default(''),
    startDate: date('start_date'),
    endDate: date('end_date'),
    createdAt: createdAt(),
  },
  (t) => [index('profile_educations_user_idx').on(t.userId)],
);

export const profileCertifications = pgTable(
  'profile_certifications',
  {
    id: uuid('id').primaryKey(),
    userId: owner(),
    name: text('name').notNull(),
    issuer: text('issuer').notNull().default(''),
    number: text('number').notNull().default(''),
    issuedOn: date('issued_on'),
    expiresOn: date('expires_on'),
    createdAt: createdAt(),
  },
  // The owner's therapists list counts each therapist's expiring credentials by this index.
  (t) => [index('profile_certifications_user_idx').on(t.userId, t.expiresOn)],
);

export const profileSkills = pgTable(
  'profile_skills',
  {
    id: uuid('id').primaryKey(),
    userId: owner(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  // A skill is listed once whatever its case ("ABA" = "aba").
  (t) => [uniqueIndex('profile_skills_name_uq').on(t.userId, sql`lower(${t.name})`)],
);

export const profileWorkExperiences = pgTable(
  'profile_work_experiences',
  {
    id: uuid('id').primaryKey(),
    userId: owner(),
    organizationName: text('organization_name').notNull(),
    title: text('title').notNull(),
    location: text('location').notNull().default(''),
    startDate: date('start_date').notNull(),
    endDate: date('end_date'),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('profile_work_experiences_user_idx').on(t.userId)],
);
