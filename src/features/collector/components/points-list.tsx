import { useContext, useState } from 'react';
import type { LocalPoint } from '../../../shared/db/types';
import { OUTCOME_LABEL, clock, levelLabel } from '../format';
import { PointEditor } from './point-editor';
import type { TargetHandlers } from './target-types';
import { TrialNotesContext } from '../use-session-conflicts';

interface Props {
  points: LocalPoint[] | undefined;
  promptLevels: string[];
  targetName: string;
  handlers: TargetHandlers;
}

export function pointText(p: LocalPoint): string {
  if (p.kind === 'duration') {
    return clock(p.durationMs ?? 0);
  }
  if (p.kind === 'frequency') {
    return `count ${p.count ?? 0}`;
  }
  return p.outcome ? `${OUTCOME_LABEL[p.outcome]}${p.promptLevel ? ` · ${levelLabel(p.promptLevel)}` : ''}` : '—';
}

/**
 * Only the newest points are in the page by default: the list grows with every tap, and a long one
 * makes each tap's re-render and layout slower (measured in `npm run bench`).
 */
const RECENT = 8;

/** What was recorded for a target, newest last; a tap on one opens its correction. */
export function PointsList({ points, promptLevels, targetName, handlers }: Props) {
  const [editing, setEditing] = useState<LocalPoint | null>(null);
  const [isShowingAll, setIsShowingAll] = useState(false);
  const notes = useContext(TrialNotesContext);
  const all = (points ?? []).filter((p) => !p.deleted);
  if (all.length === 0) {
    return null;
  }
  const live = isShowingAll ? all : all.slice(-RECENT);
  const noun = live[0]?.kind === 'duration' ? 'Episode' : 'Trial';
  // Every trial of this target that met another device's value says so, shown or not among the recent ones.
  const noted = all.filter((p) => notes.has(p.key));
  return (
    <div className="points">
      <h4 className="points__title">
        Recorded <span className="muted">({all.length})</span>
        {all.length > RECENT && (
          <button type="button" className="points__more" onClick={() => setIsShowingAll((v) => !v)} aria-expanded={isShowingAll}>
            {isShowingAll ? 'Show recent' : `Show all ${all.length}`}
          </button>
        )}
      </h4>
      <ul className="points__list">
        {live.map((p) => (
          <li key={p.key}>
            <button
              type="button"
              className={`point point--${p.outcome ?? p.kind}`}
              onClick={() => setEditing(p)}
              aria-label={`${noun} ${p.trialNo}: ${pointText(p)}${p.corrected ? ', corrected' : ''}${notes.has(p.key) ? ', recorded on two devices' : ''}. Correct or delete`}
            >
              <span className="point__no">{p.trialNo}</span>
              <span className="point__value">{pointText(p)}</span>
              {p.corrected && <span className="point__corrected">corrected</span>}
              {notes.has(p.key) && <span className="point__corrected">2 devices</span>}
            </button>
          </li>
        ))}
      </ul>
      {noted.length > 0 && (
        <ul className="points__notes">
          {noted.map((p) => (
            <li
              key={p.key}
              className={notes.get(p.key)?.isMineReplaced ? 'points__note points__note--replaced' : 'points__note'}
              data-testid="trial-conflict"
            >
              <strong>
                {noun} {p.trialNo}:
              </strong>{' '}
              {notes.get(p.key)?.text}
            </li>
          ))}
        </ul>
      )}
      {editing && (
        <PointEditor
          point={editing}
          promptLevels={promptLevels}
          targetName={targetName}
          handlers={handlers}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
