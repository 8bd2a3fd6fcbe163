import type { ReactNode } from 'react';
import { IonButton, IonIcon } from '@ionic/react';
import { createOutline } from './admin-icons';

/** A detail screen's heading: the thing's name, its facts on one line, and "Edit …" for who may manage. */
export function AdminDetailHeader({
  title,
  facts,
  editLabel,
  onEdit,
}: {
  title: string;
  facts: ReactNode;
  editLabel: string;
  onEdit?: () => void;
}) {
  return (
    <div className="admin-detail__header">
      <div>
        <h2 className="admin-detail__title">{title}</h2>
        <p className="admin-detail__facts">{facts}</p>
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
