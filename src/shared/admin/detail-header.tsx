import type { ReactNode } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { createOutline } from 'ionicons/icons';
import { ClampedText } from './clamped-text';

/** How a detail screen sums up its thing: name, on/off status, facts on one line, and its description. */
export interface DetailSummary {
  title: string;
  /** "Enabled" / "Disabled": a badge next to the name. */
  status?: { label: string; isOn: boolean };
  facts: ReactNode[];
  description?: string;
}

/** A detail screen's heading: the summary, and "Edit …" for who may manage. */
export function DetailHeader({ summary, editLabel, onEdit }: { summary: DetailSummary; editLabel: string; onEdit?: () => void }) {
  const facts = summary.facts.filter((fact) => fact !== null && fact !== undefined && fact !== '');
  return (
    <div className="admin-detail__header">
      <div>
        <div className="admin-detail__name">
          <h2 className="admin-detail__title">{summary.title}</h2>
          {summary.status && (
            <span className={summary.status.isOn ? 'admin-badge admin-badge--on' : 'admin-badge admin-badge--off'}>
              {summary.status.label}
            </span>
          )}
        </div>
        {facts.length > 0 && (
          <p className="admin-detail__facts">
            {facts.map((fact, index) => (
              <span key={index}>
                {index > 0 && ' · '}
                {fact}
              </span>
            ))}
          </p>
        )}
        {summary.description && <ClampedText text={summary.description} />}
      </div>
      {onEdit && (
        <IonButton fill="outline" onClick={onEdit}>
          <IonIcon slot="start" icon={createOutline} aria-hidden="true" />
          {editLabel}
        </IonButton>
      )}
    </div>
  );
}
