import { useMemo } from 'react';
import type { OrganizationSettings } from '../../../../contract/organizations';
import { CURRENCY_CODES } from '../../../../contract/money';
import { ErrorBody } from '../../../shared/ui/error-body';
import type { FieldRow } from '../../../shared/ui/field-table';
import { ORGANIZATION_KIND_FIELD, organizationNameField, timeZoneField } from '../../../shared/ui/account-fields';
import { RecordForm } from '../../../shared/ui/record-form';
import { useUpdateOrganizationSettingsMutation } from '../mutations';
import { ORGANIZATIONS_ERROR_TEXT } from '../error-text';

/** How the error summary names a field. */
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

function settingsFields(savedTimeZone: string): Array<FieldRow<keyof Form>> {
  return [
    organizationNameField('Name'),
    ORGANIZATION_KIND_FIELD,
    timeZoneField(savedTimeZone),
    {
      key: 'currency',
      label: 'Currency of prices',
      kind: 'select',
      options: CURRENCY_CODES.map((code) => ({ value: code, label: currencyLabel(code) })),
    },
    [
      { key: 'email', label: 'E-mail address', kind: 'email' },
      { key: 'phone', label: 'Phone', kind: 'tel' },
    ],
    { key: 'address', label: 'Address', autocomplete: 'street-address', maxlength: 400 },
    { key: 'website', label: 'Website', kind: 'url', maxlength: 200 },
  ];
}

export function OrganizationSettingsForm({ settings }: { settings: OrganizationSettings }) {
  const save = useUpdateOrganizationSettingsMutation();
  const fields = useMemo(() => settingsFields(settings.timezone), [settings.timezone]);
  return (
    <RecordForm<Form>
      fields={fields}
      initial={() => {
        const { id: _id, code: _code, ...rest } = settings;
        return rest;
      }}
      save={save}
      submitLabel="Save settings"
      alert={<ErrorBody error={save.error} fallback={ORGANIZATIONS_ERROR_TEXT.updateSettings} labels={LABELS} />}
    />
  );
}
