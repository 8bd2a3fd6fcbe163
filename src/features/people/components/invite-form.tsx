import { useState, type FormEvent } from 'react';
import { IonButton } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { InviteForm as InviteFormSchema, type TherapistCard } from '../../../../contract/invitations';
import { LIMITS } from '../../../../contract/limits';
import { FormError, fieldError, fieldErrorsOf } from '../../../shared/ui/form-error';
import { SelectField } from '../../../shared/ui/select-field';
import { TextAreaField } from '../../../shared/ui/text-area-field';
import { TextField } from '../../../shared/ui/text-field';
import { PEOPLE_ERROR_TEXT } from '../error-text';
import { useInviteMutation, useLookupTherapistMutation } from '../invitation-mutations';
import { invitationQueries } from '../invitation-queries';
import { DepartmentChoices } from './department-choices';

type Mode = 'code' | 'email';
const MODES = [
  { value: 'code', label: 'Their therapist code' },
  { value: 'email', label: 'Their e-mail address' },
];

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
  const [roleId, setRoleId] = useState('');
  const [departmentIds, setDepartmentIds] = useState<string[]>([]);
  const [message, setMessage] = useState('');
  const [localErrors, setLocalErrors] = useState<Record<string, string[]>>({});
  const roles = useQuery(invitationQueries.roles(orgCode, organizationId));
  const lookup = useLookupTherapistMutation(organizationId);
  const invite = useInviteMutation(orgCode, organizationId);
  const errors = { ...fieldErrorsOf(invite.error), ...localErrors };

  function findTherapist() {
    setFound(null);
    lookup.mutate(code, { onSuccess: setFound });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = {
      organization_code: orgCode,
      ...(mode === 'code' ? { therapist_code: code } : { email: email.trim() }),
      ...(roleId ? { role_id: roleId } : {}),
      department_ids: departmentIds,
      message,
    };
    const checked = InviteFormSchema.safeParse(body);
    if (!checked.success) {
      setLocalErrors(Object.fromEntries(checked.error.issues.map((issue) => [issue.path.join('.'), [issue.message]])));
      return;
    }
    setLocalErrors({});
    invite.mutate(body, { onSuccess: onDone });
  }

  // The built-in therapist role is what the server gives when none is named: it is the first choice.
  const allRoles = roles.data?.results ?? [];
  const builtIn = allRoles.find((role) => role.default_for === 'therapist');
  const roleOptions = [
    { value: '', label: `${builtIn?.name ?? 'Therapist'} (built-in role)` },
    ...allRoles.filter((role) => role !== builtIn).map((role) => ({ value: role.id, label: role.name })),
  ];
  return (
    <form onSubmit={submit} noValidate className="form admin-form">
      <SelectField label="Find the therapist by" name="mode" value={mode} options={MODES} onChange={(value) => setMode(value as Mode)} />
      {mode === 'code' ? (
        <>
          <p className="muted">Ask the therapist for the code on their Thera home page.</p>
          <TextField
            label="Therapist code"
            name="therapist_code"
            value={code}
            onChange={(value) => {
              setCode(value);
              setFound(null);
            }}
            error={fieldError(errors, 'therapist_code')}
            maxlength={16}
          />
          <IonButton fill="outline" onClick={findTherapist} disabled={code.trim() === '' || lookup.isPending}>
            {lookup.isPending ? 'Finding…' : 'Find therapist'}
          </IonButton>
          {found && (
            <p role="status" className="invite-found">
              Found: <strong>{`${found.first_name} ${found.last_name}`}</strong>
            </p>
          )}
          <FormError error={lookup.error} fallback={PEOPLE_ERROR_TEXT.lookupTherapist} />
        </>
      ) : (
        <TextField
          label="E-mail address"
          name="email"
          type="email"
          inputmode="email"
          value={email}
          onChange={setEmail}
          error={fieldError(errors, 'email')}
          helper="Without a Thera account yet, they register as a therapist with this address and find the invitation there."
        />
      )}
      <SelectField
        label="Role"
        name="role_id"
        value={roleId}
        options={roleOptions}
        onChange={setRoleId}
        error={fieldError(errors, 'role_id')}
      />
      <DepartmentChoices orgCode={orgCode} chosen={departmentIds} onChange={setDepartmentIds} />
      <TextAreaField
        label="Message (optional)"
        name="message"
        value={message}
        onChange={setMessage}
        maxlength={LIMITS.invitationMessageMax}
        error={fieldError(errors, 'message')}
      />
      <FormError error={invite.error} fallback={PEOPLE_ERROR_TEXT.invite} />
      <div className="admin-dialog__actions">
        <IonButton fill="outline" color="medium" onClick={onDone} disabled={invite.isPending}>
          Cancel
        </IonButton>
        <IonButton type="submit" disabled={invite.isPending || (mode === 'code' && !found)}>
          {invite.isPending ? 'Sending…' : 'Send invitation'}
        </IonButton>
      </div>
    </form>
  );
}
