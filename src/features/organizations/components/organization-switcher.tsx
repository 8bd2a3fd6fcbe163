import { IonButton, IonItem, IonLabel } from '@ionic/react';
import { errorText } from '../../../shared/api/error-text';
import { SelectField } from '../../../shared/ui/select-field';
import { useSetActiveOrganizationMutation } from '../mutations';
import { useOrganizations } from '../queries';
import { ORGANIZATIONS_ERROR_TEXT } from '../error-text';

const KIND_LABEL = { clinic: 'Clinic', school: 'School' } as const;

/**
 * Picks the organization the session works in; hidden for users who belong to none. `onSwitched`
 * runs once the server switched (the app menu closes itself then, on a portrait tablet).
 */
export function OrganizationSwitcher({ onSwitched }: { onSwitched?: () => void }) {
  const { query, organizations, activeOrganizationId } = useOrganizations();
  const switchTo = useSetActiveOrganizationMutation();

  if (query.isPending) {
    return (
      <div className="org-switcher" role="status" aria-label="Loading organizations">
        <span className="skeleton-line" style={{ width: '70%', height: '1rem' }} />
        <span className="skeleton-line" style={{ width: '40%', height: '0.8rem' }} />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="org-switcher org-switcher--error" role="alert">
        <p>{errorText(query.error, ORGANIZATIONS_ERROR_TEXT.fetchOrganizations)}</p>
        <IonButton size="small" fill="outline" onClick={() => void query.refetch()}>
          Try again
        </IonButton>
      </div>
    );
  }
  if (organizations.length === 0) {
    return null;
  }
  if (organizations.length === 1 && organizations[0]?.id === activeOrganizationId) {
    const only = organizations[0];
    return (
      <IonItem lines="none" className="org-switcher">
        <IonLabel>
          <p className="org-switcher__caption">Organization</p>
          <h2>{only.name}</h2>
          <p>{KIND_LABEL[only.kind]}</p>
        </IonLabel>
      </IonItem>
    );
  }
  return (
    <SelectField
      className="org-switcher"
      label="Organization"
      name="organization"
      placeholder="Choose an organization"
      value={activeOrganizationId ?? ''}
      disabled={switchTo.isPending}
      options={organizations.map((organization) => ({ value: organization.id, label: organization.name }))}
      onChange={(id) => {
        if (id && id !== activeOrganizationId) {
          switchTo.mutate(id, { onSuccess: () => onSwitched?.() });
        }
      }}
    />
  );
}
