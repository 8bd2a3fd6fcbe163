import { useMemo } from 'react';
import { IonContent } from '@ionic/react';
import { businessOutline } from 'ionicons/icons';
import { PeoplePage } from '../../features/people/pages/people-page';
import type { Directory } from '../../features/people/queries';
import { PageHeader } from '../../shared/ui/page-header';
import { EmptyState, LoadingState } from '../../shared/ui/page-states';
import { useMyAccess } from '../use-my-access';

/** The active organization's directories this user may see: therapists (members.view), students and parents (students.view). */
export function PeopleRoute() {
  const { access, organization, isPending } = useMyAccess();
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
  if (!organization || directories.length === 0) {
    return (
      <>
        <PageHeader title="People" />
        <IonContent>
          {isPending ? (
            <LoadingState label="Loading your organization…" />
          ) : (
            <EmptyState icon={businessOutline} title={organization ? 'Nothing to show' : 'No organization chosen'}>
              {organization
                ? 'Your role does not include the student or team directories.'
                : 'Choose an organization from the menu to see its people.'}
            </EmptyState>
          )}
        </IonContent>
      </>
    );
  }
  // Keyed by organization: switching shows the other organization's people from page 1.
  return (
    <PeoplePage
      key={organization.id}
      orgCode={organization.code}
      directories={directories}
      onlyAssigned={!access.isOwner && !access.can('students.manage')}
      links={links}
    />
  );
}
