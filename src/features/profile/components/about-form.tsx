import type { Profile } from '../../../../contract/profile';
import { LIMITS } from '../../../../contract/limits';
import { NAME_ROW, phoneField } from '../../../shared/ui/account-fields';
import type { FieldRow } from '../../../shared/ui/field-table';
import { FormError } from '../../../shared/ui/form-error';
import { RecordForm } from '../../../shared/ui/record-form';
import { useUpdateProfessionalProfileMutation } from '../mutations';
import { PROFILE_ERROR_TEXT } from '../error-text';

type AboutKey = 'first_name' | 'last_name' | 'phone_number' | 'headline' | 'years_of_practice' | 'languages' | 'city' | 'country' | 'bio';

const FIELDS: Array<FieldRow<AboutKey>> = [
  NAME_ROW,
  { key: 'headline', label: 'Headline', maxlength: LIMITS.profileHeadlineMax, helper: 'One line, such as "Paediatric speech therapist"' },
  [phoneField(), { key: 'years_of_practice', label: 'Years of practice', helper: `A whole number from 0 to ${LIMITS.profileYearsMax}` }],
  { key: 'languages', label: 'Languages you work in', helper: 'Separated by commas, such as English, Spanish' },
  [
    { key: 'city', label: 'City', maxlength: LIMITS.nameMax },
    { key: 'country', label: 'Country', maxlength: LIMITS.nameMax },
  ],
  { key: 'bio', label: 'Your practice', kind: 'textarea', maxlength: LIMITS.descriptionMax, helper: 'How you work and whom you help' },
];

const valuesOf = (profile: Profile): Record<AboutKey, string> => ({
  first_name: profile.first_name,
  last_name: profile.last_name,
  phone_number: profile.phone_number,
  headline: profile.headline,
  years_of_practice: profile.years_of_practice === null ? '' : String(profile.years_of_practice),
  languages: profile.languages.join(', '),
  city: profile.city,
  country: profile.country,
  bio: profile.bio,
});

/** An empty field clears the years; anything else goes as typed, for the contract to judge. */
const years = (value: string) => (value.trim() === '' ? null : Number(value.trim()));
const languages = (value: string) =>
  value
    .split(',')
    .map((language) => language.trim())
    .filter(Boolean);

/** Who the therapist is: the account's names and phone (saved on the account too) and the profile's own fields. */
export function AboutForm({ profile }: { profile: Profile }) {
  const save = useUpdateProfessionalProfileMutation();
  return (
    <RecordForm<Record<AboutKey, string>>
      fields={FIELDS}
      initial={() => valuesOf(profile)}
      save={{
        mutate: (v) => save.mutate({ ...v, years_of_practice: years(v.years_of_practice), languages: languages(v.languages) }),
        isPending: save.isPending,
        error: save.error,
      }}
      submitLabel="Save"
      alert={<FormError error={save.error} fallback={PROFILE_ERROR_TEXT.updateProfile} />}
    />
  );
}
