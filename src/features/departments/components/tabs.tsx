import { useRef, type KeyboardEvent } from 'react';

export interface TabItem<K extends string> {
  id: K;
  label: string;
}

/**
 * Tabs as plain buttons (role="tab" in a role="tablist"; IonSegment would grow the start-up bundle):
 * the selected tab is the one in the Tab order, arrows, Home and End move between tabs (WAI-ARIA
 * tabs pattern, automatic activation). Panels are the caller's, with id `${idPrefix}-panel-${id}`.
 */
export function Tabs<K extends string>({
  label,
  idPrefix,
  tabs,
  selected,
  onSelect,
}: {
  label: string;
  idPrefix: string;
  tabs: TabItem<K>[];
  selected: K;
  onSelect: (id: K) => void;
}) {
  const refs = useRef(new Map<K, HTMLButtonElement>());
  function onKeyDown(event: KeyboardEvent) {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1;
    const tab = tabs[next];
    if (!tab) {
      return;
    }
    event.preventDefault();
    onSelect(tab.id);
    refs.current.get(tab.id)?.focus();
  }
  return (
    <div className="dept-tabs" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
      {tabs.map((tab) => (
        <button
          key={tab.id}
          ref={(element) => {
            if (element) {
              refs.current.set(tab.id, element);
            } else {
              refs.current.delete(tab.id);
            }
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${tab.id}`}
          aria-selected={tab.id === selected}
          aria-controls={`${idPrefix}-panel-${tab.id}`}
          tabIndex={tab.id === selected ? 0 : -1}
          className={tab.id === selected ? 'dept-tabs__tab dept-tabs__tab--selected' : 'dept-tabs__tab'}
          onClick={() => onSelect(tab.id)}
        >
          {tab.label}
        </button>
      ))}
    </div>
  );
}
