import type { Certification, Education, ExpiryState, Skill, SocialLink, WorkExperience } from '../../../../contract/profile-items';
import { SOCIAL_PLATFORMS } from '../../../../contract/profile-items';
import { formatCalendarDay } from '../../../shared/ui/time-zones';

/** How one item of a profile list reads, on the therapist's own page and in an organization's view. */
export interface ItemLines {
  title: string;
  /** Under the title: who issued it, where, when. */
  details: string[];
  /** A credential that has expired or expires soon: clinics are audited on these. */
  flag?: { tone: 'danger' | 'warning'; text: string };
  /** A link the title opens (a social link). */
  href?: string;
}

function period(start: string | null, end: string | null, ongoing: string): string | null {
  if (!start && !end) {
    return null;
  }
  return `${start ? formatCalendarDay(start) : '…'} – ${end ? formatCalendarDay(end) : ongoing}`;
}

const present = (values: Array<string | null | undefined>) => values.filter((v): v is string => Boolean(v));

export const EXPIRY_FLAG: Record<ExpiryState, ItemLines['flag']> = {
  expired: { tone: 'danger', text: 'Expired' },
  expiring: { tone: 'warning', text: 'Expires soon' },
  valid: undefined,
  none: undefined,
};

export const describeSocialLink = (link: SocialLink): ItemLines => ({
  title: SOCIAL_PLATFORMS[link.platform],
  details: [link.url],
  href: link.url,
});

export const describeEducation = (education: Education): ItemLines => ({
  title: education.institution,
  details: present([
    [education.degree, education.field_of_study].filter(Boolean).join(', '),
    period(education.start_date, education.end_date, 'now'),
  ]),
});

export const describeCertification = (certification: Certification): ItemLines => ({
  title: certification.name,
  details: present([
    [certification.issuer, certification.number && `No. ${certification.number}`].filter(Boolean).join(' · '),
    certification.issued_on && `Issued ${formatCalendarDay(certification.issued_on)}`,
    certification.expires_on ? `Expires ${formatCalendarDay(certification.expires_on)}` : 'Does not expire',
  ]),
  flag: EXPIRY_FLAG[certification.expiry],
});

export const describeSkill = (skill: Skill): ItemLines => ({ title: skill.name, details: [] });

export const describeWorkExperience = (work: WorkExperience): ItemLines => ({
  title: `${work.title}, ${work.organization_name}`,
  details: present([work.location, period(work.start_date, work.end_date, 'present'), work.description]),
});
