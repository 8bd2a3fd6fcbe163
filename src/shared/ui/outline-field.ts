import { flushSync } from 'react-dom';
import { withCounter } from './limit-note';
import { useTextLimit } from './text-limit';

interface OutlineFieldOptions {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  helper?: string;
  maxlength?: number;
}

/** What Ionic's input event carries, for a one-line input and a text area alike. */
interface InputEvent {
  detail: { value?: string | number | null };
  target: { value?: string | number | null };
}

/**
 * The props an Ionic outline input and text area share: a stacked label that screen readers use as
 * the field's name, the error under it (Ionic shows `errorText` only on `ion-invalid ion-touched`),
 * the helper with the limit's counter, and the cut note to show beside it.
 */
export function useOutlineField({ label, value, onChange, error, helper, maxlength }: OutlineFieldOptions) {
  const limit = useTextLimit(maxlength, value, onChange);
  return {
    note: limit.note,
    props: {
      className: error ? 'ion-invalid ion-touched field' : 'field',
      label,
      labelPlacement: 'stacked' as const,
      fill: 'outline' as const,
      value,
      errorText: error,
      helperText: withCounter(helper, limit.counter),
      'aria-invalid': error ? true : undefined,
      // ionInput is a custom event, so React renders its update at default priority; an Enter that
      // follows at once (autofill, fast typing) would submit the previous value. Render it now.
      onIonInput: (event: InputEvent) => flushSync(() => limit.change(String(event.detail.value ?? ''), event.target)),
    },
  };
}
