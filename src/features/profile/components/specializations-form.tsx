import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Profile, SpecializationCode } from '../../../../contract/profile';
import { LIMITS } from '../../../../contract/limits';
import { FormError } from '../../../shared/ui/form-error';
import { QueryWaiting } from '../../../shared/ui/page-states';
import { SubmitForm } from '../../../shared/ui/submit-form';
import { useUpdateProfessionalProfileMutation } from '../mutations';
import { profileQueries } from '../queries';
import { PROFILE_ERROR_TEXT } from '../error-text';

/** The fields the therapist practises in, chosen from the catalog as check boxes. */
export function SpecializationsForm({ profile }: { profile: Profile }) {
  const catalog = useQuery(profileQueries.specializations());
  const save = useUpdateProfessionalProfileMutation();
  const [chosen, setChosen] = useState<SpecializationCode[]>(() => profile.specializations.map((s) => s.code));
  if (!catalog.isSuccess) {
    return <QueryWaiting query={catalog} label="Loading specializations…" errorText={PROFILE_ERROR_TEXT.fetchSpecializations} />;
  }
  const toggle = (code: SpecializationCode) =>
    setChosen((current) => (current.includes(code) ? current.filter((c) => c !== code) : [...current, code]));
  return (
    <SubmitForm
      onSubmit={() => save.mutate({ specializations: chosen })}
      isPending={save.isPending}
      submitLabel="Save specializations"
      pendingLabel="Saving…"
      alert={<FormError error={save.error} fallback={PROFILE_ERROR_TEXT.updateProfile} />}
    >
      <fieldset className="profile-choices">
        <legend>Choose up to {LIMITS.profileSpecializationsMax}</legend>
        {catalog.data.map((specialization) => (
          <label key={specialization.code} className="profile-choice">
            <input type="checkbox" checked={chosen.includes(specialization.code)} onChange={() => toggle(specialization.code)} />
            <span>{specialization.label}</span>
          </label>
        ))}
      </fieldset>
    </SubmitForm>
  );
}
