import { useEffect, useState } from 'react';
import { IonButton } from '@ionic/react';
import type { Outcome } from '../../../../contract/collector';
import type { LocalPoint } from '../../../shared/db/types';
import { OUTCOME_LABEL, levelLabel } from '../format';
import { Dialog } from '../../../shared/ui/dialog';
import type { TargetHandlers } from './target-types';

interface Props {
  point: LocalPoint | null;
  promptLevels: string[];
  targetName: string;
  handlers: TargetHandlers;
  onClose: () => void;
}

const OUTCOMES = Object.keys(OUTCOME_LABEL) as Outcome[];

/** Correction of an earlier point (the server keeps the original) or its deletion. */
export function PointEditor({ point, promptLevels, targetName, handlers, onClose }: Props) {
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [level, setLevel] = useState<string | null>(null);
  const [seconds, setSeconds] = useState('');

  useEffect(() => {
    setOutcome(point?.outcome ?? null);
    setLevel(point?.promptLevel ?? null);
    setSeconds(typeof point?.durationMs === 'number' ? String(Math.round(point.durationMs / 1000)) : '');
  }, [point]);

  if (!point) {
    return null;
  }
  const current = point;
  const isDuration = current.kind === 'duration';
  const secondsValue = Number(seconds);
  const isValid = isDuration
    ? seconds !== '' && Number.isInteger(secondsValue) && secondsValue >= 0 && secondsValue <= 86_400
    : outcome !== null;

  async function save() {
    if (isDuration) {
      await handlers.fixPoint(current, { durationMs: secondsValue * 1000 });
    } else if (outcome) {
      await handlers.fixPoint(current, {
        outcome,
        promptLevel: outcome === 'prompted' ? level : null,
      });
    }
    onClose();
  }

  async function remove() {
    await handlers.removePoint(current);
    onClose();
  }

  const title = `${isDuration ? 'Episode' : 'Trial'} ${current.trialNo} · ${targetName}`;
  return (
    <Dialog open onClose={onClose} title={title} closeText="Cancel" className="point-editor" wide inBody>
      {isDuration ? (
        <label className="point-editor__field">
          <span>Duration in seconds</span>
          <input type="number" inputMode="numeric" min={0} max={86400} value={seconds} onChange={(e) => setSeconds(e.target.value)} />
        </label>
      ) : (
        <>
          <fieldset className="point-editor__choices">
            <legend>Outcome</legend>
            {OUTCOMES.map((o) => (
              <label key={o} className={`choice-chip${outcome === o ? ' choice-chip--on' : ''}`}>
                <input type="radio" name="outcome" value={o} checked={outcome === o} onChange={() => setOutcome(o)} />
                {OUTCOME_LABEL[o]}
              </label>
            ))}
          </fieldset>
          {outcome === 'prompted' && promptLevels.length > 0 && (
            <fieldset className="point-editor__choices">
              <legend>Prompt level</legend>
              {promptLevels.map((l) => (
                <label key={l} className={`choice-chip${level === l ? ' choice-chip--on' : ''}`}>
                  <input type="radio" name="prompt-level" value={l} checked={level === l} onChange={() => setLevel(l)} />
                  {levelLabel(l)}
                </label>
              ))}
            </fieldset>
          )}
        </>
      )}
      {current.corrected && <p className="muted">Already corrected once; the server keeps the value first recorded.</p>}
      <div className="point-editor__actions">
        <IonButton onClick={() => void save()} disabled={!isValid}>
          Save correction
        </IonButton>
        <IonButton fill="outline" color="danger" onClick={() => void remove()}>
          Delete
        </IonButton>
      </div>
    </Dialog>
  );
}
