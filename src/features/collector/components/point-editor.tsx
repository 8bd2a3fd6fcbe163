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
          <Choices
            legend="Outcome"
            name="outcome"
            options={OUTCOMES}
            value={outcome}
            label={(o) => OUTCOME_LABEL[o]}
            onChange={setOutcome}
          />
          {outcome === 'prompted' && promptLevels.length > 0 && (
            <Choices
              legend="Prompt level"
              name="prompt-level"
              options={promptLevels}
              value={level}
              label={levelLabel}
              onChange={setLevel}
            />
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

/** One choice of several, as chips: the outcome, or the prompt level of a prompted trial. */
function Choices<T extends string>(props: {
  legend: string;
  name: string;
  options: T[];
  value: T | null;
  label: (option: T) => string;
  onChange: (option: T) => void;
}) {
  const { legend, name, options, value, label, onChange } = props;
  return (
    <fieldset className="point-editor__choices">
      <legend>{legend}</legend>
      {options.map((o) => (
        <label key={o} className={`choice-chip${value === o ? ' choice-chip--on' : ''}`}>
          <input type="radio" name={name} value={o} checked={value === o} onChange={() => onChange(o)} />
          {label(o)}
        </label>
      ))}
    </fieldset>
  );
}
