import type { InvitationStatus } from '../../../../contract/invitations';
import { invitationDate } from '../format';

export const ORGANIZATION_KIND = { clinic: 'Clinic', school: 'School' } as const;

/**
 * What an invitation says before it is answered, the same on the link's page and on the therapist's
 * card: the rows a screen leads with (the organization, the departments), who invites, as what, and
 * the one date true of its state.
 */
export function InvitationFacts({
  invitation,
  invitedBy,
  roleName,
  lead = [],
  extra = [],
  className = 'facts',
}: {
  invitation: { status: InvitationStatus; expires_at: string; answered_at: string | null };
  invitedBy: { first_name: string; last_name: string };
  roleName: string;
  lead?: [term: string, detail: string][];
  extra?: [term: string, detail: string][];
  className?: string;
}) {
  const date = invitationDate(invitation);
  const rows: [string, string][] = [
    ...lead,
    ['Invited by', `${invitedBy.first_name} ${invitedBy.last_name}`],
    ['Role', roleName],
    ...extra,
    ...(date ? [[date.label, date.date] as [string, string]] : []),
  ];
  return (
    <dl className={className}>
      {rows.map(([term, detail]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{detail}</dd>
        </div>
      ))}
    </dl>
  );
}
