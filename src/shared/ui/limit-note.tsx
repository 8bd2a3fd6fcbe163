/**
 * A field's cut-text note, in a live region that is always there (so the note is read out when it
 * appears). Empty, it takes no room.
 */
export function LimitNote({ note }: { note: string | null }) {
  return (
    <p className="field-limit-note" role="status">
      {note}
    </p>
  );
}

/** The helper line with the counter after it, when there is one. */
export const withCounter = (helper: string | undefined, counter: string | null): string | undefined =>
  counter ? (helper ? `${helper} · ${counter}` : counter) : helper;
