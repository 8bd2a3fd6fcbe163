import { useRef, type KeyboardEvent } from 'react';

interface DirectoryTabsProps<T extends string> {
  label: string;
  tabs: { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  /** The id prefix shared with the panels: tab `${idBase}-tab-${value}`, panel `${idBase}-panel`. */
  idBase: string;
}

/**
 * Plain-button tabs (WAI-ARIA tabs pattern): one tab stop, arrow keys (and Home/End) move between
 * tabs and choose them. Plain buttons, not IonSegment: the segment grew the collector's start-up bundle.
 */
export function DirectoryTabs<T extends string>({ label, tabs, value, onChange, idBase }: DirectoryTabsProps<T>) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index + last) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) {
      return;
    }
    event.preventDefault();
    refs.current[next]?.focus();
    onChange(tabs[next]!.value);
  }
  return (
    <div className="people-tabs" role="tablist" aria-label={label}>
      {tabs.map((tab, index) => {
        const selected = tab.value === value;
        return (
          <button
            key={tab.value}
            ref={(element) => {
              refs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${idBase}-tab-${tab.value}`}
            aria-selected={selected}
            aria-controls={`${idBase}-panel`}
            tabIndex={selected ? 0 : -1}
            className={selected ? 'people-tabs__tab people-tabs__tab--on' : 'people-tabs__tab'}
            onClick={() => onChange(tab.value)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
