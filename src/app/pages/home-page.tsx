import { lazy, Suspense } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { Link } from 'react-router-dom';
import { businessOutline, peopleOutline } from 'ionicons/icons';
import type { UserType } from '../../../contract/accounts';
import type { MyOrganization } from '../../../contract/organizations';
import { useOrganizations } from '../../features/organizations/queries';
import { useAuth } from '../../shared/auth/auth-store';
import { Screen } from '../../shared/ui/screen';
import { browserTimeZone, timeZoneLabel } from '../../shared/ui/time-zones';
import { OrgZone } from '../../shared/ui/org-zone';
import { EmptyState, LoadingState, QueryWaiting } from '../../shared/ui/page-states';
import { useNavRoutes } from '../nav-routes';
import { useMyAccess } from '../use-my-access';
import { ORGANIZATIONS_ERROR_TEXT } from '../../features/organizations/error-text';
import { TherapistCodeCard } from '../../features/invitations/components/therapist-code-card';
import { EndedMembershipNotice } from '../../features/memberships/components/ended-membership-notice';

// The dashboard and its chart load only for those who may see it (admin code is lazy).
const OrganizationDashboard = lazy(async () => ({
  default: (await import('../../features/dashboards/components/organization-dashboard')).OrganizationDashboard,
}));

const GettingStartedCard = lazy(async () => ({
  default: (await import('../../features/organizations/components/getting-started-card')).GettingStartedCard,
}));

const MemberWeek = lazy(async () => ({
  default: (await import('../../features/dashboards/components/member-week')).MemberWeek,
}));

const ROLE_LABEL: Record<MyOrganization['role'], string> = { owner: 'Owner', therapist: 'Therapist', staff: 'Staff' };
const KIND_LABEL: Record<MyOrganization['kind'], string> = { clinic: 'Clinic', school: 'School' };
const NO_ORGANIZATION_TEXT: Record<UserType, string> = {
  ORG: 'Your organization could not be found. Please contact support.',
  THE: 'Give a clinic or school your therapist code (below) so they can invite you, then accept their invitation under My organizations.',
  PAR: 'When your child is enrolled at a clinic or school, it will appear here.',
  STU: 'When you are enrolled at a clinic or school, it will appear here.',
};

function ActiveOrganization() {
  const { user } = useAuth();
  const { query, organizations, active } = useOrganizations();
  if (!query.isSuccess) {
    return <QueryWaiting query={query} label="Loading your organizations…" errorText={ORGANIZATIONS_ERROR_TEXT.fetchOrganizations} />;
  }
  if (organizations.length === 0) {
    const none = (
      <EmptyState
        icon={peopleOutline}
        title="No organization yet"
        action={
          user?.user_type === 'THE' && (
            <IonButton routerLink="/my-organizations" routerDirection="root">
              Go to My organizations
            </IonButton>
          )
        }
      >
        {NO_ORGANIZATION_TEXT[user?.user_type ?? 'THE']}
      </EmptyState>
    );
    // Only therapists and staff have memberships that can have ended.
    return user?.user_type === 'THE' ? <EndedMembershipNotice fallback={none} /> : none;
  }
  if (!active) {
    return (
      <EmptyState icon={businessOutline} title="Choose an organization">
        You belong to {organizations.length} organizations. Choose the one to work in from the menu.
      </EmptyState>
    );
  }
  return (
    <div className="card org-card">
      <p className="org-card__kind">{KIND_LABEL[active.kind]}</p>
      <h3>{active.name}</h3>
      <dl className="facts">
        <div>
          <dt>Your role</dt>
          <dd>{ROLE_LABEL[active.role]}</dd>
        </div>
        <div>
          <dt>Organization code</dt>
          <dd>{active.code}</dd>
        </div>
        <div>
          <dt>Time zone</dt>
          <dd>{timeZoneLabel(active.timezone)}</dd>
        </div>
      </dl>
      {organizations.length > 1 && <p className="muted">You can switch organization from the menu.</p>}
    </div>
  );
}

export function HomePage() {
  const { user } = useAuth();
  const areas = useNavRoutes().filter((route) => route.path !== '/');
  const { access, organization } = useMyAccess();
  return (
    <Screen title="Home">
      {/* The dashboards' times are the active organization's clock, as on its own screens. */}
      <OrgZone.Provider value={organization?.timezone ?? browserTimeZone()}>
        <h2 className="page__greeting">Welcome{user ? `, ${user.first_name}` : ''}</h2>
        {organization && access.can('organization.manage') && (
          <Suspense fallback={<LoadingState label="Loading your first steps…" />}>
            <GettingStartedCard key={organization.id} organizationId={organization.id} />
          </Suspense>
        )}
        {organization && access.can('dashboard.view') && (
          <section aria-labelledby="home-dashboard">
            <h2 id="home-dashboard" className="section-title">
              Dashboard
            </h2>
            <Suspense fallback={<LoadingState label="Loading the dashboard…" />}>
              <OrganizationDashboard organizationId={organization.id} orgCode={organization.code} />
            </Suspense>
          </section>
        )}
        {organization && !access.can('dashboard.view') && access.membershipId && (
          <section aria-labelledby="home-week">
            <h2 id="home-week" className="section-title">
              Your week
            </h2>
            <Suspense fallback={<LoadingState label="Loading your week…" />}>
              <MemberWeek organizationId={organization.id} membershipId={access.membershipId} isOwn />
            </Suspense>
          </section>
        )}
      </OrgZone.Provider>
      <section aria-labelledby="home-organization">
        <h2 id="home-organization" className="section-title">
          Your organization
        </h2>
        <ActiveOrganization />
      </section>
      {user?.user_type === 'THE' && (
        <section aria-label="Your therapist code">
          <TherapistCodeCard />
        </section>
      )}
      <section aria-labelledby="home-areas">
        <h2 id="home-areas" className="section-title">
          Go to
        </h2>
        <ul className="tile-grid">
          {areas.map((route) => (
            <li key={route.path}>
              <Link to={route.path} className="card tile">
                <IonIcon icon={route.nav?.icon} aria-hidden="true" />
                <span>{route.nav?.label}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </Screen>
  );
}
