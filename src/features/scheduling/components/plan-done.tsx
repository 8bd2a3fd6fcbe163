import { IonButton } from '@ionic/react';
import { checkmarkCircleOutline } from 'ionicons/icons';
import { EmptyState } from '../../../shared/ui/page-states';
import { sessionsText } from '../plan-words';

/** The plan is in: how many sessions, and the calendar's week where they start. */
export function PlanDone({ count, firstDay, onAnother }: { count: number; firstDay: string; onAnother: () => void }) {
  return (
    <div role="status" aria-live="polite">
      <EmptyState
        icon={checkmarkCircleOutline}
        title={`${sessionsText(count)} created`}
        action={
          <div className="plan-preview__actions">
            <IonButton routerLink={`/organization/calendar?view=week&date=${firstDay}`}>See the week on the calendar</IonButton>
            <IonButton fill="outline" onClick={onAnother}>
              Plan another schedule
            </IonButton>
          </div>
        }
      >
        They are on the calendar, and on each therapist&apos;s Today on the day.
      </EmptyState>
    </div>
  );
}
