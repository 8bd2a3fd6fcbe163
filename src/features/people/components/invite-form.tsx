import { useState, type FormEvent } from 'react';
import { IonButton } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { InviteForm as InviteFormSchema, type InviteBody, type TherapistCard } from '../../../../contract/invitations';
import { LIMITS } from '../../../../contract/limits';
import { FormError, fieldError, fieldErrorsOf } from '../../../shared/ui/form-error';
import { SelectField } from '../../../shared/ui/select-field';
import { TextAreaField } from '../../../shared/ui/text-area-field';
import { TextField } from '../../../shared/ui/text-field';
import { PEOPLE_ERROR_TEXT } from '../error-text';
import { useInviteMutation, useLookupTherapistMutation } from '../invitation-mutations';
import { invitationQueries } from '../invitation-queries';
import { DepartmentChoices } from './department-choices';
import { FormActions } from '../../../shared/admin/form-actions';

type Mode = 'code' | 'email';
const MODES = [
  { value: 'code', label: 'Their therapist code' },
  { value: 'email', label: 'Their e-mail address' },
];

/** The form's own check before sending, as field errors: the same sentences the server would answer. */
function problemsOf(body: InviteBody): Record<string, string[]> {
  const checked = InviteFormSchema.safeParse(body);
  return checked.success ? {} : Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), [issue.message]]));
}

interface InviteFormProps {
  orgCode: string;
  organizationId: string;
  onDone: () => void;
}

/**
 * Invite a therapist: found by the code they gave (the name shows before sending, so the owner knows
 * it is the right person) or by e-mail (an address with no account yet waits for its therapist);
 * the role they receive and the department teams they join when they accept.
 */
export function InviteForm({ orgCode, organizationId, onDone }: InviteFormProps) {
  const [mode, setMode] = useState<Mode>('code');
  const [code, setCode] = useState('');
  const [found, setFound] = useState<TherapistCard | null>(null);
  const [email, setEmail] = useState('');
  const [choices, setChoices] = useState({ roleId: '', departmentIds: [] as string[], message: '' });
  const choose = (patch: Partial<typeof choices>) => setChoices({ ...choices, ...patch });
  const [localErrors, setLocalErrors] = useState<Record<string, string[]>>({});
  const roleOptions = useRoleOptions(orgCode, organizationId);
  const invite = useInviteMutation(orgCode, organizationId);
  const errors = { ...fieldErrorsOf(invite.error), ...localErrors };

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      organization_code: orgCode,
      ...(mode === 'code' ? { therapist_code: code } : { email: email.trim() }),
      ...(choices.roleId ? { role_id: choices.roleId } : {}),
      department_ids: choices.departmentIds,
      message: choices.message,
    };
    const problems = problemsOf(body);
    setLocalErrors(problems);
    if (Object.keys(problems).length === 0) {
      invite.mutate(body, { onSuccess: onDone });
    }
  }

  return (
    <form onSubmit={submit} noValidate className="form admin-form">
      <SelectField label="Find the therapist by" name="mode" value={mode} options={MODES} onChange={(value) => setMode(value as Mode)} />
      {mode === 'code' ? (
        <TherapistByCode
          organizationId={organizationId}
          code={code}
          onCode={setCode}
          found={found}
          onFound={setFound}
          error={fieldError(errors, 'therapist_code')}
        />
      ) : (
        <InviteByEmail email={email} onEmail={setEmail} error={fieldError(errors, 'email')} />
      )}
      <SelectField
        label="Role"
        name="role_id"
        value={choices.roleId}
        options={roleOptions}
        onChange={(roleId) => choose({ roleId })}
        error={fieldError(errors, 'role_id')}
      />
      <DepartmentChoices orgCode={orgCode} chosen={choices.departmentIds} onChange={(departmentIds) => choose({ departmentIds })} />
      <TextAreaField
        label="Message (optional)"
        name="message"
        value={choices.message}
        onChange={(message) => choose({ message })}
        maxlength={LIMITS.invitationMessageMax}
        error={fieldError(errors, 'message')}
      />
      <FormError error={invite.error} fallback={PEOPLE_ERROR_TEXT.invite} />
      <FormActions
        isPending={invite.isPending}
        onCancel={onDone}
        label="Send invitation"
        pendingLabel="Sending…"
        isDisabled={mode === 'code' && !found}
      />
    </form>
  );
}

interface TherapistByCodeProps {
  organizationId: string;
  code: string;
  onCode: (code: string) => void;
  found: TherapistCard | null;
  onFound: (card: TherapistCard | null) => void;
  error?: string;
}

/** The code the therapist gave, looked up to their name before anything is sent. */
function TherapistByCode({ organizationId, code, onCode, found, onFound, error }: TherapistByCodeProps) {
  const lookup = useLookupTherapistMutation(organizationId);
  return (
    <>
      <p className="muted">Ask the therapist for the code on their Thera home page.</p>
      <TextField
        label="Therapist code"
        name="therapist_code"
        value={code}
        onChange={(value) => {
          onCode(value);
          onFound(null);
        }}
        error={error}
        maxlength={16}
      />
      <IonButton
        fill="outline"
        onClick={() => lookup.mutate(code, { onSuccess: onFound })}
        disabled={code.trim() === '' || lookup.isPending}
      >
        {lookup.isPending ? 'Finding…' : 'Find therapist'}
      </IonButton>
      {found && (
        <p role="status" className="invite-found">
          Found: <strong>{`${found.first_name} ${found.last_name}`}</strong>
        </p>
      )}
      <FormError error={lookup.error} fallback={PEOPLE_ERROR_TEXT.lookupTherapist} />
    </>
  );
}

/** The roles to choose from; the built-in therapist role, which the server gives when none is named, comes first. */
function useRoleOptions(orgCode: string, organizationId: string) {
  const roles = useQuery(invitationQueries.roles(orgCode, organizationId));
  const all = roles.data?.results ?? [];
  const builtIn = all.find((role) => role.default_for === 'therapist');
  return [
    { value: '', label: `${builtIn?.name ?? 'Therapist'} (built-in role)` },
    ...all.filter((role) => role !== builtIn).map((role) => ({ value: role.id, label: role.name })),
  ];
}

/** An address with no account yet waits for the therapist who registers with it. */
function InviteByEmail({ email, onEmail, error }: { email: string; onEmail: (email: string) => void; error?: string }) {
  return (
    <TextField
      label="E-mail address"
      name="email"
      type="email"
      inputmode="email"
      value={email}
      onChange={onEmail}
      error={error}
      helper="Without a Thera account yet, they register as a therapist with this address and find the invitation there."
    />
  );
}
