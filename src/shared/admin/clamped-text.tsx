import { useLayoutEffect, useRef, useState } from 'react';

/**
 * A long text (a program's description) shown as its first few lines with "Show more": a page of
 * prose must not push the tabs below the fold. The button shows only when the text is cut.
 */
export function ClampedText({ text, lines = 3 }: { text: string; lines?: number }) {
  const ref = useRef<HTMLParagraphElement>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [isCut, setIsCut] = useState(false);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || isOpen) {
      return;
    }
    const measure = () => setIsCut(element.scrollHeight > element.clientHeight + 1);
    measure();
    // The width decides where lines break: a rotated tablet can cut a text that fitted before.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => observer?.disconnect();
  }, [text, isOpen]);

  return (
    <div className="clamped-text">
      <p
        ref={ref}
        className={isOpen ? 'clamped-text__body' : 'clamped-text__body clamped-text__body--clamped'}
        style={{ WebkitLineClamp: isOpen ? undefined : lines }}
      >
        {text}
      </p>
      {(isCut || isOpen) && (
        <button type="button" className="clamped-text__toggle" aria-expanded={isOpen} onClick={() => setIsOpen(!isOpen)}>
          {isOpen ? 'Show less' : 'Show more'}
        </button>
      )}
    </div>
  );
}
