import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './admin-tabs.css';

export interface AdminTab<K extends string> {
  key: K;
  label: string;
}

interface AdminTabsProps<K extends string> {
  label: string;
  tabs: Array<AdminTab<K>>;
  selected: K;
  onSelect: (key: K) => void;
  /** The selected tab's panel. */
  children: ReactNode;
}

/**
 * Tabs as plain buttons (role=tab in a role=tablist; IonSegment would join the first download):
 * one tab stop, arrows, Home and End move between tabs (WAI-ARIA "tabs with automatic activation"),
 * and the panel is labelled by its tab.
 */
export function AdminTabs<K extends string>({ label, tabs, selected, onSelect, children }: AdminTabsProps<K>) {
  const id = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const tabId = (key: K) => `${id}-tab-${key}`;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.key === selected);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : null;
    const tab = next === null ? undefined : tabs[next];
    if (!tab) {
      return;
    }
    event.preventDefault();
    onSelect(tab.key);
    refs.current.get(tab.key)?.focus();
  }

  return (
    <div className="admin-tabs">
      <div className="admin-tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const isSelected = tab.key === selected;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                if (element) {
                  refs.current.set(tab.key, element);
                } else {
                  refs.current.delete(tab.key);
                }
              }}
              type="button"
              role="tab"
              id={tabId(tab.key)}
              aria-selected={isSelected}
              aria-controls={`${id}-panel`}
              tabIndex={isSelected ? 0 : -1}
              className={isSelected ? 'admin-tabs__tab admin-tabs__tab--selected' : 'admin-tabs__tab'}
              onClick={() => onSelect(tab.key)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div className="admin-tabs__panel" role="tabpanel" id={`${id}-panel`} aria-labelledby={tabId(selected)}>
        {children}
      </div>
    </div>
  );
}
