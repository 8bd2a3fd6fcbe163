import { useMemo, useState, type FormEvent } from 'react';
import { IonButton } from '@ionic/react';
import { IonRadio, IonRadioGroup } from '../../../shared/ui/ionic-form-controls';
import type { OrganizationSettings } from '../../../../contract/organizations';
import { LIMITS } from '../../../../contract/limits';
import { CURRENCY_CODES } from '../../../../contract/money';
import { ErrorBody } from '../../../shared/ui/error-body';
import { fieldError, fieldErrorsOf } from '../../../shared/ui/form-error';
import { SelectField } from '../../../shared/ui/select-field';
import { TextField } from '../../../shared/ui/text-field';
import { timeZoneLabel, timeZones } from '../../../shared/ui/time-zones';
import { useUpdateOrganizationSettingsMutation } from '../mutations';
import { ORGANIZATIONS_ERROR_TEXT } from '../error-text';

const LABELS: Record<string, string> = {
  name: 'Name',
  kind: 'Kind',
  timezone: 'Time zone',
  email: 'E-mail address',
  phone: 'Phone',
  address: 'Address',
  website: 'Website',
  currency: 'Currency',
};

type Form = Omit<OrganizationSettings, 'id' | 'code'>;

/** "EUR — Euro" where the browser knows the name. */
function currencyLabel(code: string): string {
  try {
    return `${code} — ${new Intl.DisplayNames(undefined, { type: 'currency' }).of(code) ?? code}`;
  } catch {
    return code;
  }
}

export function OrganizationSettingsForm({ settings }: { settings: OrganizationSettings }) {
  const save = useUpdateOrganizationSettingsMutation();
  const zones = useMemo(() => {
    const all = timeZones();
    return all.includes(settings.timezone) ? all : [settings.timezone, ...all];
  }, [settings.timezone]);
  const [form, setForm] = useState<Form>(() => {
    const { id: _id, code: _code, ...rest } = settings;
    return rest;
  });
  const errors = fieldErrorsOf(save.error);
  const set = (key: keyof Form) => (value: string) => setForm((current) => ({ ...current, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate(form);
  }

  return (
    <form onSubmit={submit} noValidate className="form panel">
      <TextField
        label="Name"
        name="name"
        autocomplete="organization"
        value={form.name}
        onChange={set('name')}
        error={fieldError(errors, 'name')}
        maxlength={LIMITS.nameMax}
        required
      />
      <fieldset className="choice-group choice-group--inline">
        <legend id="settings-kind">Kind</legend>
        <IonRadioGroup value={form.kind} onIonChange={(event) => set('kind')(String(event.detail.value))} aria-labelledby="settings-kind">
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
        name="timezone"
        value={form.timezone}
        options={zones.map((zone) => ({ value: zone, label: timeZoneLabel(zone) }))}
        error={fieldError(errors, 'timezone')}
        onChange={set('timezone')}
      />
      <SelectField
        label="Currency of prices"
        name="currency"
        value={form.currency}
        options={CURRENCY_CODES.map((code) => ({ value: code, label: currencyLabel(code) }))}
        error={fieldError(errors, 'currency')}
        onChange={set('currency')}
      />
      <div className="form-row">
        <TextField
          label="E-mail address"
          name="email"
          type="email"
          inputmode="email"
          autocomplete="email"
          value={form.email}
          onChange={set('email')}
          error={fieldError(errors, 'email')}
        />
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          inputmode="tel"
          autocomplete="tel"
          value={form.phone}
          onChange={set('phone')}
          error={fieldError(errors, 'phone')}
        />
      </div>
      <TextField
        label="Address"
        name="address"
        autocomplete="street-address"
        value={form.address}
        onChange={set('address')}
        error={fieldError(errors, 'address')}
        maxlength={400}
      />
      <TextField
        label="Website"
        name="website"
        type="url"
        inputmode="url"
        autocomplete="url"
        value={form.website}
        onChange={set('website')}
        error={fieldError(errors, 'website')}
        maxlength={200}
      />
      <ErrorBody error={save.error} fallback={ORGANIZATIONS_ERROR_TEXT.updateSettings} labels={LABELS} />
      <IonButton type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save settings'}
      </IonButton>
    </form>
  );
}
