import { briefcaseOutline, linkOutline, ribbonOutline, schoolOutline, sparklesOutline } from 'ionicons/icons';
import type { Certification, Education, Skill, SocialLink, WorkExperience } from '../../../../contract/profile-items';
import { SOCIAL_PLATFORMS } from '../../../../contract/profile-items';
import { LIMITS } from '../../../../contract/limits';
import type { FieldRow } from '../../../shared/ui/field-table';
import type { ItemKind } from '../mutations';
import {
  describeCertification,
  describeEducation,
  describeSkill,
  describeSocialLink,
  describeWorkExperience,
  type ItemLines,
} from './profile-format';

/**
 * Each list of the profile as a section of the page: its words, its form's fields (strings, as the
 * inputs hold them) and how an item becomes a body. An empty date is sent as null: "not given".
 */
export interface SectionSetup<Item extends { id: string }, K extends string = string> {
  kind: ItemKind;
  title: string;
  intro: string;
  icon: string;
  add: string;
  /** The dialog's titles: adding and changing one. */
  addTitle: string;
  editTitle: string;
  empty: { title: string; text: string };
  fields: Array<FieldRow<K>>;
  blank: Record<K, string>;
  valuesOf: (item: Item) => Record<K, string>;
  bodyOf: (values: Record<K, string>) => object;
  describe: (item: Item) => ItemLines;
}

const day = (value: string) => (value === '' ? null : value);
const SHORT = LIMITS.profileShortTextMax;

export const SOCIAL_LINKS: SectionSetup<SocialLink, 'platform' | 'url'> = {
  kind: 'social_links',
  title: 'Links',
  intro: 'Where clinics can read more about your work: LinkedIn, your website, publications.',
  icon: linkOutline,
  add: 'Add a link',
  addTitle: 'Add a link',
  editTitle: 'Change the link',
  empty: { title: 'No links yet', text: 'Add your LinkedIn profile or website, so clinics can read more about your work.' },
  fields: [
    {
      key: 'platform',
      label: 'Platform',
      kind: 'select',
      options: Object.entries(SOCIAL_PLATFORMS).map(([value, label]) => ({ value, label })),
    },
    {
      key: 'url',
      label: 'Web address',
      kind: 'url',
      required: true,
      maxlength: LIMITS.urlMax,
      helper: 'Starting with https:// or http://',
    },
  ],
  blank: { platform: 'linkedin', url: '' },
  valuesOf: (link) => ({ platform: link.platform, url: link.url }),
  bodyOf: (values) => values,
  describe: describeSocialLink,
};

type EducationKey = 'institution' | 'degree' | 'field_of_study' | 'start_date' | 'end_date';
export const EDUCATIONS: SectionSetup<Education, EducationKey> = {
  kind: 'educations',
  title: 'Education',
  intro: 'Degrees and training that qualify you.',
  icon: schoolOutline,
  add: 'Add an education',
  addTitle: 'Add an education',
  editTitle: 'Change the education',
  empty: { title: 'No education yet', text: 'Add your degrees, starting with the one that qualifies you for your practice.' },
  fields: [
    { key: 'institution', label: 'School or university', required: true, maxlength: SHORT },
    [
      { key: 'degree', label: 'Degree', maxlength: SHORT, helper: 'e.g. MA, MSc, BSc' },
      { key: 'field_of_study', label: 'Field of study', maxlength: SHORT },
    ],
    [
      { key: 'start_date', label: 'Started', kind: 'date' },
      { key: 'end_date', label: 'Finished', kind: 'date', helper: 'Empty while still studying' },
    ],
  ],
  blank: { institution: '', degree: '', field_of_study: '', start_date: '', end_date: '' },
  valuesOf: (e) => ({
    institution: e.institution,
    degree: e.degree,
    field_of_study: e.field_of_study,
    start_date: e.start_date ?? '',
    end_date: e.end_date ?? '',
  }),
  bodyOf: (v) => ({ ...v, start_date: day(v.start_date), end_date: day(v.end_date) }),
  describe: describeEducation,
};

type CertificationKey = 'name' | 'issuer' | 'number' | 'issued_on' | 'expires_on';
export const CERTIFICATIONS: SectionSetup<Certification, CertificationKey> = {
  kind: 'certifications',
  title: 'Certifications and licences',
  intro: `Clinics are audited on their therapists' credentials: one that has expired or expires within ${LIMITS.certificationWarningDays} days is flagged to them.`,
  icon: ribbonOutline,
  add: 'Add a certification',
  addTitle: 'Add a certification',
  editTitle: 'Change the certification',
  empty: {
    title: 'No certifications yet',
    text: 'Add your licence and certificates with their expiry dates, so clinics see they are current.',
  },
  fields: [
    { key: 'name', label: 'Name', required: true, maxlength: SHORT, helper: 'e.g. Certificate of Clinical Competence (CCC-SLP)' },
    [
      { key: 'issuer', label: 'Issued by', maxlength: SHORT },
      { key: 'number', label: 'Number', maxlength: LIMITS.profileSkillMax },
    ],
    [
      { key: 'issued_on', label: 'Issued on', kind: 'date' },
      { key: 'expires_on', label: 'Expires on', kind: 'date', helper: 'Empty if it does not expire' },
    ],
  ],
  blank: { name: '', issuer: '', number: '', issued_on: '', expires_on: '' },
  valuesOf: (c) => ({ name: c.name, issuer: c.issuer, number: c.number, issued_on: c.issued_on ?? '', expires_on: c.expires_on ?? '' }),
  bodyOf: (v) => ({ ...v, issued_on: day(v.issued_on), expires_on: day(v.expires_on) }),
  describe: describeCertification,
};

export const SKILLS: SectionSetup<Skill, 'name'> = {
  kind: 'skills',
  title: 'Skills',
  intro: 'Methods and tools you work with.',
  icon: sparklesOutline,
  add: 'Add a skill',
  addTitle: 'Add a skill',
  editTitle: 'Rename the skill',
  empty: { title: 'No skills yet', text: 'Add the methods you work with, such as PECS, PROMPT or sensory integration.' },
  fields: [{ key: 'name', label: 'Skill', required: true, maxlength: LIMITS.profileSkillMax }],
  blank: { name: '' },
  valuesOf: (s) => ({ name: s.name }),
  bodyOf: (v) => v,
  describe: describeSkill,
};

type WorkKey = 'organization_name' | 'title' | 'location' | 'start_date' | 'end_date' | 'description';
export const WORK_EXPERIENCES: SectionSetup<WorkExperience, WorkKey> = {
  kind: 'work_experiences',
  title: 'Work experience',
  intro: 'Where you have practised, newest first.',
  icon: briefcaseOutline,
  add: 'Add a position',
  addTitle: 'Add a position',
  editTitle: 'Change the position',
  empty: { title: 'No work experience yet', text: 'Add the clinics, schools and practices you have worked at.' },
  fields: [
    [
      { key: 'title', label: 'Position', required: true, maxlength: SHORT },
      { key: 'organization_name', label: 'Organization', required: true, maxlength: SHORT },
    ],
    { key: 'location', label: 'Location', maxlength: SHORT },
    [
      { key: 'start_date', label: 'Started', kind: 'date', required: true },
      { key: 'end_date', label: 'Ended', kind: 'date', helper: 'Empty for your current position' },
    ],
    { key: 'description', label: 'What you did', kind: 'textarea', maxlength: LIMITS.descriptionMax },
  ],
  blank: { organization_name: '', title: '', location: '', start_date: '', end_date: '', description: '' },
  valuesOf: (w) => ({
    organization_name: w.organization_name,
    title: w.title,
    location: w.location,
    start_date: w.start_date,
    end_date: w.end_date ?? '',
    description: w.description,
  }),
  bodyOf: (v) => ({ ...v, end_date: day(v.end_date) }),
  describe: describeWorkExperience,
};
