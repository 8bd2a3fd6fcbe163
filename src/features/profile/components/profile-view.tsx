import type { Profile } from '../../../../contract/profile';
import { ItemLinesView } from './item-lines';
import type { ItemLines } from './profile-format';
import { CERTIFICATIONS, EDUCATIONS, SKILLS, SOCIAL_LINKS, WORK_EXPERIENCES } from './profile-sections';
import './profile.css';

function ViewList({ title, lines, none }: { title: string; lines: ItemLines[]; none: string }) {
  return (
    <section className="profile-view__section" aria-label={title}>
      <h3>{title}</h3>
      {lines.length === 0 ? (
        <p className="muted">{none}</p>
      ) : (
        <ul className="profile-list">
          {lines.map((line, index) => (
            <ItemLinesView key={`${line.title}-${index}`} lines={line} />
          ))}
        </ul>
      )}
    </section>
  );
}

function facts(profile: Profile): string[] {
  const place = [profile.city, profile.country].filter(Boolean).join(', ');
  const years =
    profile.years_of_practice === null
      ? ''
      : `${profile.years_of_practice} ${profile.years_of_practice === 1 ? 'year' : 'years'} of practice`;
  const languages = profile.languages.length > 0 ? `Works in ${profile.languages.join(', ')}` : '';
  return [place, years, languages].filter(Boolean);
}

/**
 * A therapist's professional profile, read-only: what an organization sees of its therapist (the
 * member detail) and the therapist's own preview. Flags credentials that have expired or expire soon.
 */
export function ProfileView({ profile }: { profile: Profile }) {
  return (
    <article className="profile-view" aria-label={`Professional profile of ${profile.first_name} ${profile.last_name}`}>
      <header className="profile-view__head">
        <h2>
          {profile.first_name} {profile.last_name}
        </h2>
        {profile.headline && <p className="profile-view__headline">{profile.headline}</p>}
        {facts(profile).map((fact) => (
          <p key={fact} className="muted">
            {fact}
          </p>
        ))}
        <p className="muted">
          <a href={`mailto:${profile.email}`}>{profile.email}</a>
          {profile.phone_number && ` · ${profile.phone_number}`}
        </p>
      </header>
      {profile.specializations.length > 0 && (
        <ul className="profile-chips" aria-label="Specializations">
          {profile.specializations.map((s) => (
            <li key={s.code}>{s.label}</li>
          ))}
        </ul>
      )}
      {profile.bio && <p className="profile-view__bio">{profile.bio}</p>}
      <ViewList title={CERTIFICATIONS.title} lines={profile.certifications.map(CERTIFICATIONS.describe)} none="No certifications listed." />
      <ViewList
        title={WORK_EXPERIENCES.title}
        lines={profile.work_experiences.map(WORK_EXPERIENCES.describe)}
        none="No work experience listed."
      />
      <ViewList title={EDUCATIONS.title} lines={profile.educations.map(EDUCATIONS.describe)} none="No education listed." />
      <ViewList title={SKILLS.title} lines={profile.skills.map(SKILLS.describe)} none="No skills listed." />
      <ViewList title={SOCIAL_LINKS.title} lines={profile.social_links.map(SOCIAL_LINKS.describe)} none="No links listed." />
    </article>
  );
}
