import { IonButton } from '@ionic/react';
import type { ScheduleConflict } from '../../../../contract/errors';
import { TextAreaField } from '../../../shared/ui/text-area-field';
import { LIMITS } from '../../../../contract/limits';
import { conflictSentence } from '../conflicts';

interface ConflictNoticeProps {
  conflicts: ScheduleConflict[];
  zone: string;
  /** Holders of sessions.override may book over a conflict, with a reason. */
  canOverride: boolean;
  /** null until "Book anyway" is chosen; then the reason typed so far. */
  overrideReason: string | null;
  onOverrideReason: (reason: string | null) => void;
  reasonError?: string;
}

/** Why a booking was refused, each thing in the way in a sentence, and for those who may, a way to book anyway. */
export function ConflictNotice({ conflicts, zone, canOverride, overrideReason, onOverrideReason, reasonError }: ConflictNoticeProps) {
  if (conflicts.length === 0) {
    return null;
  }
  return (
    <div className="cal-conflicts" role="alert">
      <p className="cal-conflicts__lead">This would double-book:</p>
      <ul>
        {conflicts.map((conflict) => (
          <li key={`${conflict.kind}-${conflict.id}`}>{conflictSentence(conflict, zone)}</li>
        ))}
      </ul>
      {canOverride &&
        (overrideReason === null ? (
          <IonButton fill="outline" size="small" onClick={() => onOverrideReason('')}>
            Book anyway…
          </IonButton>
        ) : (
          <TextAreaField
            label="Why may they overlap? (required)"
            name="override_reason"
            value={overrideReason}
            onChange={onOverrideReason}
            error={reasonError}
            maxlength={LIMITS.noteMax}
          />
        ))}
    </div>
  );
}
