import { useState, type FormEvent } from 'react';
import { IonButton, IonContent } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OwnerProfile } from '../../../../contract/organizations';
import { LIMITS } from '../../../../contract/limits';
import { ERROR_TEXT, errorText } from '../../../shared/api/error-text';
import { FormError, fieldError, fieldErrorsOf } from '../../../shared/ui/form-error';
import { PageHeader } from '../../../shared/ui/page-header';
import { ErrorState, LoadingState } from '../../../shared/ui/page-states';
import { TextField } from '../../../shared/ui/text-field';
import { useUpdateOwnerProfileMutation } from '../mutations';
import { organizationQueries } from '../queries';

function OwnerProfileForm({ profile }: { profile: z.infer<typeof OwnerProfile> }) {
  const save = useUpdateOwnerProfileMutation();
  const [form, setForm] = useState({ first_name: profile.first_name, last_name: profile.last_name, phone_number: profile.phone_number });
  const errors = fieldErrorsOf(save.error);
  const set = (key: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(form);
  }

  return (
    <form onSubmit={submit} noValidate className="form panel">
      <div className="form-row">
        <TextField
          label="First name"
          name="first_name"
          autocomplete="given-name"
          value={form.first_name}
          onChange={set('first_name')}
          error={fieldError(errors, 'first_name')}
          maxlength={LIMITS.nameMax}
          required
        />
        <TextField
          label="Last name"
          name="last_name"
          autocomplete="family-name"
          value={form.last_name}
          onChange={set('last_name')}
          error={fieldError(errors, 'last_name')}
          maxlength={LIMITS.nameMax}
          required
        />
      </div>
      <TextField
        label="Phone"
        name="phone_number"
        type="tel"
        inputmode="tel"
        autocomplete="tel"
        value={form.phone_number}
        onChange={set('phone_number')}
        error={fieldError(errors, 'phone_number')}
      />
      <TextField
        label="E-mail address"
        name="email"
        value={profile.email}
        onChange={() => undefined}
        helper="Change it under Account & security."
        readonly
      />
      <FormError error={save.error} fallback={ERROR_TEXT.updateProfile} />
      <IonButton type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save profile'}
      </IonButton>
    </form>
  );
}

/** The organization owner's profile (GET/PATCH organization-owner/profile/), mirrored to the session. */
export function OwnerProfilePage() {
  const profile = useQuery(organizationQueries.ownerProfile());
  return (
    <>
      <PageHeader title="My profile" />
      <IonContent>
        <div className="page page--narrow">
          {profile.isPending && <LoadingState label="Loading your profile…" />}
          {profile.isError && (
            <ErrorState message={errorText(profile.error, ERROR_TEXT.fetchProfile)} onRetry={() => void profile.refetch()} />
          )}
          {profile.isSuccess && <OwnerProfileForm profile={profile.data} />}
        </div>
      </IonContent>
    </>
  );
}
