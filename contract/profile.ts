import { z } from 'zod';
import { atMost, phone, text, wholeNumber } from './fields';
import { defineCallGroup, IdParams, Ok } from './http';
import { LIMITS } from './limits';
import { profile as route } from './routes';
import {
  Certification,
  CertificationBody,
  CertificationPatch,
  Education,
  EducationBody,
  EducationPatch,
  Skill,
  SkillBody,
  SkillPatch,
  SocialLink,
  SocialLinkBody,
  SocialLinkPatch,
  WorkExperience,
  WorkExperienceBody,
  WorkExperiencePatch,
} from './profile-items';

/**
 * The signed-in therapist's own professional profile. It belongs to the person (one profile in
 * every organization they join); an organization reads it, never writes it. Only therapist (THE)
 * accounts have one: anyone else is refused with a sentence.
 */

/** The fields a therapist can name as theirs; a profile holds their codes. */
export const SPECIALIZATIONS = {
  speech_language_pathology: 'Speech-language pathology',
  occupational_therapy: 'Occupational therapy',
  physical_therapy: 'Physical therapy',
  applied_behavior_analysis: 'Applied behaviour analysis',
  psychology: 'Psychology',
  neuropsychology: 'Neuropsychology',
  special_education: 'Special education',
  early_intervention: 'Early intervention',
  feeding_therapy: 'Feeding therapy',
  audiology: 'Audiology',
  music_therapy: 'Music therapy',
  art_therapy: 'Art therapy',
  counselling: 'Counselling',
  social_work: 'Social work',
} as const;
export const SpecializationCode = z.enum(
  Object.keys(SPECIALIZATIONS) as [keyof typeof SPECIALIZATIONS],
  'Choose specializations from the list.',
);
export type SpecializationCode = z.infer<typeof SpecializationCode>;
export const Specialization = z.object({ code: SpecializationCode, label: z.string() });
export type Specialization = z.infer<typeof Specialization>;

const Name = text().trim().min(1, 'Required.').max(LIMITS.nameMax, atMost(LIMITS.nameMax));
const Language = text().trim().min(1, 'A language needs a name.').max(LIMITS.profileLanguageMax, atMost(LIMITS.profileLanguageMax));
const noRepeats = (values: string[]) => new Set(values.map((v) => v.toLowerCase())).size === values.length;
const YEARS = `Give a whole number of years from 0 to ${LIMITS.profileYearsMax}.`;

export const ProfileBody = z.object({
  first_name: Name.optional(),
  last_name: Name.optional(),
  phone_number: phone().optional(),
  headline: text()
    .trim()
    .max(LIMITS.profileHeadlineMax, atMost(LIMITS.profileHeadlineMax))
    .optional()
    .describe('One line, e.g. "Paediatric speech therapist"'),
  bio: text().trim().max(LIMITS.descriptionMax, atMost(LIMITS.descriptionMax)).optional(),
  years_of_practice: wholeNumber(0, LIMITS.profileYearsMax, YEARS).nullable().optional(),
  languages: z
    .array(Language, 'Give the languages as a list.')
    .max(LIMITS.profileLanguagesMax, `List at most ${LIMITS.profileLanguagesMax} languages.`)
    .refine(noRepeats, 'Each language once.')
    .optional()
    .describe('Languages the therapist works in'),
  city: text().trim().max(LIMITS.nameMax, atMost(LIMITS.nameMax)).optional(),
  country: text().trim().max(LIMITS.nameMax, atMost(LIMITS.nameMax)).optional(),
  specializations: z
    .array(SpecializationCode, 'Give the specializations as a list.')
    .max(LIMITS.profileSpecializationsMax, `Choose at most ${LIMITS.profileSpecializationsMax} specializations.`)
    .refine((codes) => new Set(codes).size === codes.length, 'Each specialization once.')
    .optional(),
});
export type ProfileBody = z.input<typeof ProfileBody>;

export const Profile = z.object({
  user_id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  headline: z.string(),
  bio: z.string(),
  years_of_practice: z.number().int().nullable(),
  languages: z.array(z.string()),
  city: z.string(),
  country: z.string(),
  specializations: z.array(Specialization),
  social_links: z.array(SocialLink),
  educations: z.array(Education),
  certifications: z.array(Certification).describe('Soonest expiry first; those without an expiry last'),
  skills: z.array(Skill),
  work_experiences: z.array(WorkExperience).describe('Newest first'),
});
export type Profile = z.infer<typeof Profile>;

const mine = defineCallGroup({ access: { kind: 'user' } });
const item = defineCallGroup({ access: { kind: 'user' }, params: IdParams });

export const getProfile = mine(route.getProfile, "The signed-in therapist's professional profile, with every list", { response: Profile });
export const updateProfile = mine(route.updateProfile, 'Changes the profile; new names are also the account’s names', {
  body: ProfileBody,
  response: Profile,
});
export const listSpecializations = mine(route.listSpecializations, 'The catalog of specializations a profile chooses from', {
  response: z.array(Specialization),
});

export const listSocialLinks = mine(route.listSocialLinks, 'The profile’s links', { response: z.array(SocialLink) });
export const createSocialLink = mine(route.createSocialLink, 'Adds a link', { body: SocialLinkBody, response: SocialLink, status: 201 });
export const updateSocialLink = item(route.updateSocialLink, 'Changes a link', { body: SocialLinkPatch, response: SocialLink });
export const deleteSocialLink = item(route.deleteSocialLink, 'Removes a link', { response: Ok });

export const listEducations = mine(route.listEducations, 'The profile’s education', { response: z.array(Education) });
export const createEducation = mine(route.createEducation, 'Adds an education', { body: EducationBody, response: Education, status: 201 });
export const updateEducation = item(route.updateEducation, 'Changes an education', { body: EducationPatch, response: Education });
export const deleteEducation = item(route.deleteEducation, 'Removes an education', { response: Ok });

export const listCertifications = mine(route.listCertifications, 'The profile’s certifications and licences', {
  response: z.array(Certification),
});
export const createCertification = mine(route.createCertification, 'Adds a certification', {
  body: CertificationBody,
  response: Certification,
  status: 201,
});
export const updateCertification = item(route.updateCertification, 'Changes a certification', {
  body: CertificationPatch,
  response: Certification,
});
export const deleteCertification = item(route.deleteCertification, 'Removes a certification', { response: Ok });

export const listSkills = mine(route.listSkills, 'The profile’s skills', { response: z.array(Skill) });
export const createSkill = mine(route.createSkill, 'Adds a skill', { body: SkillBody, response: Skill, status: 201 });
export const updateSkill = item(route.updateSkill, 'Renames a skill', { body: SkillPatch, response: Skill });
export const deleteSkill = item(route.deleteSkill, 'Removes a skill', { response: Ok });

export const listWorkExperiences = mine(route.listWorkExperiences, 'The profile’s work experience', { response: z.array(WorkExperience) });
export const createWorkExperience = mine(route.createWorkExperience, 'Adds a position', {
  body: WorkExperienceBody,
  response: WorkExperience,
  status: 201,
});
export const updateWorkExperience = item(route.updateWorkExperience, 'Changes a position', {
  body: WorkExperiencePatch,
  response: WorkExperience,
});
export const deleteWorkExperience = item(route.deleteWorkExperience, 'Removes a position', { response: Ok });
