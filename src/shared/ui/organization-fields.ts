import { LIMITS } from '../../../contract/limits';
import type { FieldSpec, InputSpec } from './field-table';
import { timeZoneOptions } from './time-zones';

/** An organization's name, kind and time zone: asked at registration and kept in its settings. */
export const organizationNameField = (label: string): InputSpec<'name'> => ({
  key: 'name',
  label,
  autocomplete: 'organization',
  maxlength: LIMITS.nameMax,
  required: true,
});

export const ORGANIZATION_KIND_FIELD: FieldSpec<'kind'> = {
  key: 'kind',
  label: 'Kind',
  kind: 'choice',
  isInline: true,
  options: [
    { value: 'clinic', label: 'Clinic' },
    { value: 'school', label: 'School' },
  ],
};

export const timeZoneField = (saved?: string): FieldSpec<'timezone'> => ({
  key: 'timezone',
  label: 'Time zone',
  kind: 'select',
  options: timeZoneOptions(saved),
});
