import { useState } from 'react';
import { IonButton, IonContent } from '@ionic/react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../../shared/ui/page-header';
import '../../../shared/admin/admin-tabs.css';
import { MemberWeek } from '../components/member-week';
import { dashboardQueries } from '../queries';
import { shiftDate } from '../week-label';

/**
 * Another member's week, opened from the People directory by someone with dashboard.view: the same
 * figures and chart a therapist sees on their own Home, a week at a time.
 */
export function MemberWeekPage({ organizationId, membershipId }: { organizationId: string; membershipId: string }) {
  const [weekOf, setWeekOf] = useState<string | undefined>(undefined);
  const week = useQuery(dashboardQueries.member(organizationId, membershipId, weekOf));
  const start = week.data?.week.week_start;
  const member = week.data?.membership;

  return (
    <>
      <PageHeader title={member ? `${member.first_name} ${member.last_name}’s week` : 'Week'} />
      <IonContent>
        <div className="page page--wide">
          <Link className="admin-detail__back" to="/organization/people">
            ‹ All people
          </Link>
          <nav className="dashboard__week-nav" aria-label="Choose the week">
            <IonButton fill="outline" disabled={!start} onClick={() => start && setWeekOf(shiftDate(start, -7))}>
              ‹ Previous week
            </IonButton>
            <IonButton fill="clear" disabled={weekOf === undefined} onClick={() => setWeekOf(undefined)}>
              This week
            </IonButton>
            <IonButton fill="outline" disabled={!start} onClick={() => start && setWeekOf(shiftDate(start, 7))}>
              Next week ›
            </IonButton>
          </nav>
          <MemberWeek organizationId={organizationId} membershipId={membershipId} isOwn={false} weekOf={weekOf} />
        </div>
      </IonContent>
    </>
  );
}
