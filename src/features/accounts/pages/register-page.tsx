import { useMemo, useState, type FormEvent } from 'react';
import { IonButton } from '@ionic/react';
import { IonRadio, IonRadioGroup } from '../../../shared/ui/ionic-form-controls';
import { Link } from 'react-router-dom';
import type { UserType } from '../../../../contract/accounts';
import { LIMITS } from '../../../../contract/limits';
import { ERROR_TEXT } from '../../../shared/api/error-text';
import { FormError, fieldError, fieldErrorsOf } from '../../../shared/ui/form-error';
import { SelectField } from '../../../shared/ui/select-field';
import { PasswordField } from '../../../shared/ui/password-field';
import { TextField } from '../../../shared/ui/text-field';
import { NameFields, PhoneField } from '../../../shared/ui/person-fields';
import { browserTimeZone, timeZoneLabel, timeZones } from '../../../shared/ui/time-zones';
import { AuthLayout } from '../components/auth-layout';
import { useRegisterMutation } from '../mutations';

const ACCOUNT_TYPES: Array<{ value: UserType; label: string; hint: string }> = [
  { value: 'ORG', label: 'Organization owner', hint: 'I run a clinic or a school' },
  { value: 'THE', label: 'Therapist', hint: 'I work with clients or students' },
  { value: 'PAR', label: 'Parent', hint: 'I follow my child’s progress' },
  { value: 'STU', label: 'Student', hint: 'I follow my own progress' },
];

export function RegisterPage() {
  const registration = useRegisterMutation();
  const zones = useMemo(timeZones, []);
  const [userType, setUserType] = useState<UserType>('ORG');
  const [form, setForm] = useState({ first_name: '', last_name: '', email: '', phone_number: '', password: '' });
  const [organization, setOrganization] = useState({ name: '', kind: 'clinic' as 'clinic' | 'school', timezone: browserTimeZone() });
  const errors = fieldErrorsOf(registration.error);
  const set = (key: keyof typeof form) => (value: string) => setForm((current) => ({ ...current, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    registration.mutate({
      ...form,
      email: form.email.trim(),
      user_type: userType,
      organization: userType === 'ORG' ? organization : undefined,
    });
  }

  return (
    <AuthLayout
      title="Create your account"
      intro="One account works across every clinic or school you are part of."
      footer={
        <p>
          Already have an account? <Link to="/sign-in">Sign in</Link>
        </p>
      }
    >
      <form onSubmit={submit} noValidate className="form">
        <fieldset className="choice-group">
          <legend id="register-type">I am registering as</legend>
          <IonRadioGroup
            value={userType}
            onIonChange={(event) => setUserType(event.detail.value as UserType)}
            aria-labelledby="register-type"
          >
            {ACCOUNT_TYPES.map((type) => (
              <IonRadio key={type.value} value={type.value} labelPlacement="end" justify="start" className="choice">
                <span className="choice__label">{type.label}</span>
                <span className="choice__hint">{type.hint}</span>
              </IonRadio>
            ))}
          </IonRadioGroup>
        </fieldset>

        <NameFields values={form} onChange={set} errors={errors} />
        <TextField
          label="E-mail address"
          name="email"
          type="email"
          inputmode="email"
          autocomplete="email"
          value={form.email}
          onChange={set('email')}
          error={fieldError(errors, 'email')}
          required
        />
        <PhoneField label="Phone (optional)" value={form.phone_number} onChange={set('phone_number')} errors={errors} />
        <PasswordField
          label="Password"
          name="password"
          autocomplete="new-password"
          value={form.password}
          onChange={set('password')}
          error={fieldError(errors, 'password')}
          helper={`At least ${LIMITS.passwordMin} characters. A long phrase is easier to remember.`}
          maxlength={LIMITS.passwordMax}
          required
        />

        {userType === 'ORG' && (
          <fieldset className="subform">
            <legend>Your organization</legend>
            <TextField
              label="Organization name"
              name="organization.name"
              autocomplete="organization"
              value={organization.name}
              onChange={(name) => setOrganization((current) => ({ ...current, name }))}
              error={fieldError(errors, 'organization.name') ?? fieldError(errors, 'organization')}
              maxlength={LIMITS.nameMax}
              required
            />
            <fieldset className="choice-group choice-group--inline">
              <legend id="register-kind">Kind</legend>
              <IonRadioGroup
                value={organization.kind}
                onIonChange={(event) => setOrganization((current) => ({ ...current, kind: event.detail.value as 'clinic' | 'school' }))}
                aria-labelledby="register-kind"
              >
                <IonRadio value="clinic" labelPlacement="end" justify="start" className="choice">
                  Clinic
                </IonRadio>
                <IonRadio value="school" labelPlacement="end" justify="start" className="choice">
                  School
                </IonRadio>
              </IonRadioGroup>
            </fieldset>
            <SelectField
              label="Time zone"
              name="organization.timezone"
              value={organization.timezone}
              options={zones.map((zone) => ({ value: zone, label: timeZoneLabel(zone) }))}
              error={fieldError(errors, 'organization.timezone')}
              onChange={(timezone) => setOrganization((current) => ({ ...current, timezone }))}
            />
          </fieldset>
        )}

        <FormError error={registration.error} fallback={{ text: ERROR_TEXT.register, network: ERROR_TEXT.registerNetwork }} />
        <IonButton type="submit" expand="block" disabled={registration.isPending}>
          {registration.isPending ? 'Creating your account…' : 'Create account'}
        </IonButton>
      </form>
    </AuthLayout>
  );
}
