import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { IonButton, IonIcon } from '@ionic/react';
import { checkmarkCircle, closeOutline, ellipseOutline } from 'ionicons/icons';
import { organizations } from '../../../../contract/routes/organizations';
import { callQuery } from '../../../shared/api/call-query';
import { QueryWaiting } from '../../../shared/ui/page-states';
import { ORGANIZATIONS_ERROR_TEXT } from '../error-text';
import { dismiss, isDismissed, STEPS, stepsProgress } from '../getting-started';
import '../getting-started.css';

/**
 * A new organization's first steps on its manager's Home, each ticked from the organization's own
 * data and linking to where it is done. Gone once all are done, or once dismissed on this device.
 */
export function GettingStartedCard({ organizationId }: { organizationId: string }) {
  const [isHidden, setHidden] = useState(() => isDismissed(organizationId));
  const query = useQuery({
    ...callQuery(
      ['organizations', organizationId, 'getting-started'],
      organizations.gettingStarted,
      { query: { organization_id: organizationId } },
      ORGANIZATIONS_ERROR_TEXT.fetchGettingStarted,
    ),
    enabled: !isHidden,
  });
  if (isHidden) {
    return null;
  }
  if (!query.isSuccess) {
    return <QueryWaiting query={query} label="Loading your first steps…" errorText={ORGANIZATIONS_ERROR_TEXT.fetchGettingStarted} />;
  }
  const progress = stepsProgress(query.data);
  if (!progress.isShown) {
    return null;
  }
  return (
    <section className="card getting-started" aria-labelledby="getting-started-title">
      <div className="getting-started__head">
        <div>
          <h2 id="getting-started-title" className="card-title">
            Getting started
          </h2>
          <p className="muted getting-started__progress">{`${progress.done} of ${progress.total} done`}</p>
        </div>
        <IonButton
          fill="clear"
          color="medium"
          aria-label="Hide the getting-started list"
          onClick={() => {
            dismiss(organizationId);
            setHidden(true);
          }}
        >
          <IonIcon slot="icon-only" icon={closeOutline} aria-hidden="true" />
        </IonButton>
      </div>
      <ol className="getting-started__steps">
        {STEPS.map((step) => {
          const isDone = query.data[step.key];
          return (
            <li key={step.key} className={isDone ? 'getting-started__step is-done' : 'getting-started__step'}>
              <IonIcon icon={isDone ? checkmarkCircle : ellipseOutline} aria-hidden="true" />
              <Link to={step.to}>
                <span className="getting-started__label">{step.label}</span>
                <span className="visually-hidden">{isDone ? ' (done)' : ' (to do)'}</span>
                <span className="getting-started__hint">{step.hint}</span>
              </Link>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
