import { useState } from 'react';
import { IconButton } from '../../../shared/ui/icon-button';
import { playOutline } from 'ionicons/icons';
import { timeOf } from '../format';

interface Props {
  startAt: string;
  timeZone?: string;
  onStart: (shiftToNow: boolean) => Promise<unknown>;
}

/** Starting shifts the session to now by default; the therapist may keep the scheduled time. */
export function StartSessionCard({ startAt, timeZone, onStart }: Props) {
  const [keepScheduled, setKeepScheduled] = useState(false);
  const [isStarting, setIsStarting] = useState(false);

  async function start() {
    setIsStarting(true);
    try {
      await onStart(!keepScheduled);
    } finally {
      setIsStarting(false);
    }
  }

  return (
    <section className="start-card" aria-labelledby="start-title">
      <div>
        <h2 id="start-title">Ready to start?</h2>
        <p className="muted">Start the session to record data. It works without a connection too.</p>
        <label className="start-card__check">
          <input type="checkbox" checked={keepScheduled} onChange={(e) => setKeepScheduled(e.target.checked)} />
          <span>Keep the scheduled time ({timeOf(startAt, timeZone)}) instead of starting now</span>
        </label>
      </div>
      <IconButton icon={playOutline} size="large" onClick={() => void start()} disabled={isStarting}>
        Start session
      </IconButton>
    </section>
  );
}
