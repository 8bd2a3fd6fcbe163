import { useId } from 'react';
import { IonRadio, IonRadioGroup } from './ionic-form-controls';

export interface ChoiceOption {
  value: string;
  label: string;
  /** A second, quieter line under the label. */
  hint?: string;
}

/** One choice out of a few, as radios under a legend that names the group for screen readers. */
export function ChoiceGroup({
  legend,
  value,
  options,
  onChange,
  isInline = false,
}: {
  legend: string;
  value: string;
  options: ChoiceOption[];
  onChange: (value: string) => void;
  isInline?: boolean;
}) {
  const legendId = useId();
  return (
    <fieldset className={isInline ? 'choice-group choice-group--inline' : 'choice-group'}>
      <legend id={legendId}>{legend}</legend>
      <IonRadioGroup value={value} onIonChange={(event) => onChange(String(event.detail.value))} aria-labelledby={legendId}>
        {options.map((option) => (
          <IonRadio key={option.value} value={option.value} labelPlacement="end" justify="start" className="choice">
            {option.hint === undefined ? (
              option.label
            ) : (
              <>
                <span className="choice__label">{option.label}</span>
                <span className="choice__hint">{option.hint}</span>
              </>
            )}
          </IonRadio>
        ))}
      </IonRadioGroup>
    </fieldset>
  );
}
