import { memo, useEffect, useRef, useState } from 'react';
import type { Outcome } from '../../../../contract/collector';
import { levelLabel } from '../format';

interface Props {
  promptLevels: string[];
  disabled: boolean;
  onScore: (outcome: Outcome, promptLevel: string | null) => void;
}

/**
 * The four big outcome buttons. "Prompted" opens the goal's prompt hierarchy right under them (no
 * dialog: one more tap, in the same place); Escape or Cancel closes it.
 */
export const ScoreButtons = memo(function ScoreButtons({ promptLevels, disabled, onScore }: Props) {
  const [isPrompting, setIsPrompting] = useState(false);
  const firstLevel = useRef<HTMLButtonElement>(null);
  const promptedButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (isPrompting) {
      firstLevel.current?.focus();
    }
  }, [isPrompting]);

  function prompted() {
    if (promptLevels.length === 0) {
      onScore('prompted', null);
      return;
    }
    setIsPrompting((open) => !open);
  }

  /** Keyboard users land back on "Prompted" when the level row closes. */
  function closeLevels() {
    setIsPrompting(false);
    promptedButton.current?.focus();
  }

  function pick(level: string) {
    closeLevels();
    onScore('prompted', level);
  }

  return (
    <>
      <div className="score-buttons">
        <button type="button" className="score score--correct" disabled={disabled} onClick={() => onScore('correct', null)}>
          Correct
        </button>
        <button type="button" className="score score--incorrect" disabled={disabled} onClick={() => onScore('incorrect', null)}>
          Incorrect
        </button>
        <button
          ref={promptedButton}
          type="button"
          className="score score--prompted"
          disabled={disabled}
          aria-expanded={isPrompting}
          onClick={prompted}
        >
          Prompted
        </button>
        <button type="button" className="score score--none" disabled={disabled} onClick={() => onScore('no_response', null)}>
          No response
        </button>
      </div>
      {isPrompting && (
        <div
          className="prompt-levels"
          role="group"
          aria-label="Prompt level"
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              closeLevels();
            }
          }}
        >
          <span className="prompt-levels__label" aria-hidden="true">
            Prompt level
          </span>
          {promptLevels.map((level, i) => (
            <button key={level} ref={i === 0 ? firstLevel : undefined} type="button" className="prompt-level" onClick={() => pick(level)}>
              {levelLabel(level)}
            </button>
          ))}
          <button type="button" className="prompt-level prompt-level--cancel" onClick={closeLevels}>
            Cancel
          </button>
        </div>
      )}
    </>
  );
});
