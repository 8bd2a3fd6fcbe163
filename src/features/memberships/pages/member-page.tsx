import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { personOutline } from 'ionicons/icons';
import type { ReactNode } from 'react';
import { type MembershipDetail, MEMBERSHIP_STATUS_LABELS } from '../../../../contract/memberships';
import type { Profile } from '../../../../contract/profile';
import { AdminDetailScreen } from '../../../shared/admin/detail-screen';
import type { MyAccess } from '../../../shared/access/my-access';
import { MEMBERSHIPS_ERROR_TEXT } from '../error-text';
import { isCurrent } from '../format';
import { membershipQueries } from '../queries';
import { MemberStatusPanel } from '../components/member-status-panel';
import { MemberWorkPanel } from '../components/member-work-panel';
import '../memberships.css';

interface MemberPageProps {
  orgCode: string;
  membershipId: string;
  access: Pick<MyAccess, 'can'>;
  /** The therapist's professional profile, read-only (another feature's view). */
  renderProfile: (profile: Profile) => ReactNode;
}

const ROLE = { therapist: 'Therapist', staff: 'Staff' } as const;

/**
 * One member as the organization sees them: who they are, their role and status, and what they do
 * here. Who holds members.manage ends the membership or accepts a resignation from the Membership tab.
 */
export function MemberPage({ orgCode, membershipId, access, renderProfile }: MemberPageProps) {
  const query = useQuery(membershipQueries.detail(orgCode, membershipId));
  return (
    <AdminDetailScreen<MembershipDetail>
      noun={{ one: 'member', many: 'members' }}
      listPath="/organization/people"
      query={query}
      item={query.data}
      fetchErrorText={MEMBERSHIPS_ERROR_TEXT.fetchMember}
      icon={personOutline}
      manageKey="members.manage"
      access={access}
      summary={(member) => ({
        title: `${member.user.first_name} ${member.user.last_name}`,
        status: { label: MEMBERSHIP_STATUS_LABELS[member.status], isOn: isCurrent(member.status) },
        facts: [
          member.role_name ?? ROLE[member.role],
          member.user.email,
          access.can('dashboard.view') && isCurrent(member.status) ? (
            <Link to={`/organization/people/members/${member.id}`}>See their week</Link>
          ) : null,
        ],
      })}
      sections={(member, canManage) => [
        { key: 'membership', label: 'Membership', panel: <MemberStatusPanel orgCode={orgCode} member={member} canManage={canManage} /> },
        { key: 'work', label: 'Work', panel: <MemberWorkPanel member={member} canOpenDepartments={access.can('departments.view')} /> },
        ...(member.professional_profile ? [{ key: 'profile', label: 'Profile', panel: renderProfile(member.professional_profile) }] : []),
      ]}
    />
  );
}
