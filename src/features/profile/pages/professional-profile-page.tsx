import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { IonButton } from '@ionic/react';
import { errorText } from '../../../shared/api/error-text';
import { Dialog } from '../../../shared/ui/dialog';
import { ErrorState, LoadingState } from '../../../shared/ui/page-states';
import { Screen } from '../../../shared/ui/screen';
import { SettingsCard } from '../../../shared/ui/settings-card';
import { AboutForm } from '../components/about-form';
import { ProfileSection } from '../components/profile-section';
import { CERTIFICATIONS, EDUCATIONS, SKILLS, SOCIAL_LINKS, WORK_EXPERIENCES } from '../components/profile-sections';
import { ProfileView } from '../components/profile-view';
import { SpecializationsForm } from '../components/specializations-form';
import { profileQueries } from '../queries';
import { PROFILE_ERROR_TEXT } from '../error-text';
import '../components/profile.css';

/**
 * The therapist's own professional profile: one card per part, each saved on its own. Every
 * organization the therapist works in sees it read-only (the preview shows it as they do).
 */
export function ProfessionalProfilePage() {
  const profile = useQuery(profileQueries.mine());
  const [isPreviewing, setPreviewing] = useState(false);
  const preview = profile.isSuccess ? (
    <IonButton fill="clear" onClick={() => setPreviewing(true)}>
      Preview
    </IonButton>
  ) : undefined;
  return (
    <Screen title="Professional profile" className="page page--narrow profile-page" end={preview}>
      {profile.isPending && <LoadingState label="Loading your profile…" />}
      {profile.isError && (
        <ErrorState message={errorText(profile.error, PROFILE_ERROR_TEXT.fetchProfile)} onRetry={() => void profile.refetch()} />
      )}
      {profile.isSuccess && (
        <>
          <p className="muted">Clinics and schools you work with see this profile. Your name and phone are your account&apos;s too.</p>
          <SettingsCard title="About you" intro="Your name, how to reach you and what you do.">
            <AboutForm profile={profile.data} />
          </SettingsCard>
          <SettingsCard title="Specializations" intro="The fields you practise in.">
            <SpecializationsForm profile={profile.data} />
          </SettingsCard>
          <ProfileSection setup={CERTIFICATIONS} items={profile.data.certifications} />
          <ProfileSection setup={WORK_EXPERIENCES} items={profile.data.work_experiences} />
          <ProfileSection setup={EDUCATIONS} items={profile.data.educations} />
          <ProfileSection setup={SKILLS} items={profile.data.skills} />
          <ProfileSection setup={SOCIAL_LINKS} items={profile.data.social_links} />
          <Dialog
            open={isPreviewing}
            title="Your profile as organizations see it"
            onClose={() => setPreviewing(false)}
            closeText="Close"
            wide
          >
            <ProfileView profile={profile.data} />
          </Dialog>
        </>
      )}
    </Screen>
  );
}
