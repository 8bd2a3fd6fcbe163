import { useMemo } from 'react';
import { IonContent } from '@ionic/react';
import { businessOutline } from 'ionicons/icons';
import type { OrganizationPageProps } from '../../../shared/routing/app-route';
import { PageHeader } from '../../../shared/ui/page-header';
import { EmptyState } from '../../../shared/ui/page-states';
import type { Directory } from '../queries';
import { PeoplePage } from './people-page';

/** The active organization's directories this user may see: therapists (members.view), students and parents (students.view). */
export function PeopleRoute({ organization, access }: OrganizationPageProps) {
  const [departments, programs, classrooms, weeks] = [
    access.can('departments.view'),
    access.can('programs.view'),
    access.can('classrooms.view'),
    access.can('dashboard.view'),
  ];
  // Names link to the screens this member may open.
  const links = useMemo(() => ({ departments, programs, classrooms, weeks }), [departments, programs, classrooms, weeks]);
  const directories: Directory[] = [
    ...(access.can('members.view') ? (['therapists'] as const) : []),
    ...(access.can('students.view') ? (['students', 'parents'] as const) : []),
  ];
  if (directories.length === 0) {
    return (
      <>
        <PageHeader title="People" />
        <IonContent>
          <EmptyState icon={businessOutline} title="Nothing to show">
            Your role does not include the student or team directories.
          </EmptyState>
        </IonContent>
      </>
    );
  }
  return (
    <PeoplePage
      orgCode={organization.code}
      organizationId={organization.id}
      invitations={{ canView: access.can('members.view'), canManage: access.can('members.manage') }}
      directories={directories}
      onlyAssigned={!access.isOwner && !access.can('students.manage')}
      links={links}
    />
  );
}
