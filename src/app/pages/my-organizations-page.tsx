import { TherapistCodeCard } from '../../features/invitations/components/therapist-code-card';
import { MyInvitations } from '../../features/invitations/components/my-invitations';
import { MyMemberships } from '../../features/memberships/components/my-memberships';
import { Screen } from '../../shared/ui/screen';

/** A therapist's way into organizations: invitations to answer, their code to hand out, the memberships they hold. */
export function MyOrganizationsPage() {
  return (
    <Screen title="My organizations">
      <section aria-labelledby="my-invitations">
        <h2 id="my-invitations" className="section-title">
          Invitations
        </h2>
        <MyInvitations />
      </section>
      <section aria-labelledby="my-memberships">
        <h2 id="my-memberships" className="section-title">
          Memberships
        </h2>
        <MyMemberships />
      </section>
      <section aria-labelledby="my-code">
        <h2 id="my-code" className="section-title">
          Joining another organization
        </h2>
        <TherapistCodeCard />
      </section>
    </Screen>
  );
}
