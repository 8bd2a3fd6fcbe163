import { useLayoutEffect, useRef, useState } from 'react';

/**
 * Text in a table cell that may be long (a pasted name, a description): it wraps even without
 * spaces and shows at most two lines (admin.css), so the row's actions stay in view. The whole
 * text is its title (on hover) and, once it is cut, the text takes keyboard focus and shows in
 * full while focused. Screen readers read it whole either way: the cut is drawn, not removed.
 */
export function LongText({ text, className }: { text: string; className: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [isCut, setIsCut] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) {
      return;
    }
    const measure = () => setIsCut(element.scrollHeight > element.clientHeight + 1);
    measure();
    if (typeof ResizeObserver === 'undefined') {
      return;
    }
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text]);
  return (
    <span ref={ref} className={`${className} admin-long`} title={text} tabIndex={isCut ? 0 : undefined}>
      {text}
    </span>
  );
}
