import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OwnerProfile } from '../../../../contract/organizations';
import { errorText } from '../../../shared/api/error-text';
import { Screen } from '../../../shared/ui/screen';
import { ErrorState, LoadingState } from '../../../shared/ui/page-states';
import { ProfileForm } from '../../../shared/ui/account-fields';
import { useUpdateOwnerProfileMutation } from '../mutations';
import { organizationQueries } from '../queries';
import { ORGANIZATIONS_ERROR_TEXT } from '../error-text';

function OwnerProfileForm({ profile }: { profile: z.infer<typeof OwnerProfile> }) {
  const save = useUpdateOwnerProfileMutation();
  return (
    <ProfileForm
      initial={{ first_name: profile.first_name, last_name: profile.last_name, phone_number: profile.phone_number }}
      email={profile.email}
      save={save}
    />
  );
}

/** The organization owner's profile (GET/PATCH organization-owner/profile/), mirrored to the session. */
export function OwnerProfilePage() {
  const profile = useQuery(organizationQueries.ownerProfile());
  return (
    <Screen title="My profile" className="page page--narrow">
      {profile.isPending && <LoadingState label="Loading your profile…" />}
      {profile.isError && (
        <ErrorState message={errorText(profile.error, ORGANIZATIONS_ERROR_TEXT.fetchProfile)} onRetry={() => void profile.refetch()} />
      )}
      {profile.isSuccess && <OwnerProfileForm profile={profile.data} />}
    </Screen>
  );
}
