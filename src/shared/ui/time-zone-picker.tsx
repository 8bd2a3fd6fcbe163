import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { timeZoneChoiceLabel, timeZoneOptions, type TimeZoneOption } from './time-zone-choices';
import { browserTimeZone } from './time-zones';

const optionId = (id: string, index: number) => `${id}-option-${index}`;

/** The list the text box filters; `options` undefined while it is closed. The active option stays in view. */
function ZoneList({
  id,
  label,
  value,
  options,
  active,
  search,
  onPick,
}: {
  id: string;
  label: string;
  value: string;
  options: TimeZoneOption[] | undefined;
  active: number;
  search: string;
  onPick: (zone: string) => void;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const isOpen = options !== undefined;
  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [active, isOpen]);
  return (
    <ul id={`${id}-list`} ref={listRef} role="listbox" aria-label={`${label} suggestions`} className="tz-picker__list" hidden={!isOpen}>
      {options?.length === 0 && (
        <li className="tz-picker__none" role="option" aria-selected={false} aria-disabled="true">
          No time zone matches “{search}”.
        </li>
      )}
      {options?.map((option, index) => (
        <li
          key={option.value}
          id={optionId(id, index)}
          data-index={index}
          role="option"
          aria-selected={option.value === value}
          className={`tz-picker__option${index === active ? ' tz-picker__option--active' : ''}${
            option.isCommon && !options[index + 1]?.isCommon ? ' tz-picker__option--last-common' : ''
          }`}
          // Picked before the text box loses focus, which would close the list first.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(option.value)}
        >
          {option.label}
        </li>
      ))}
    </ul>
  );
}

interface TimeZonePickerProps {
  label: string;
  name: string;
  value: string;
  onChange: (zone: string) => void;
  error?: string;
  /** The zone saved before (an organization's): kept choosable even when this browser does not know it. */
  saved?: string;
}

/**
 * A time zone, searched by city or name: a combobox (a text box and the list it filters), as the
 * ARIA pattern describes it. Arrows move through the list, Enter picks, Escape closes and puts the
 * chosen zone's name back; a search that picks nothing leaves the zone as it was.
 */
export function TimeZonePicker({ label, name, value, onChange, error, saved }: TimeZonePickerProps) {
  const id = useId();
  const [search, setSearch] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const isOpen = search !== null;
  const options = useMemo(() => timeZoneOptions({ saved, device: browserTimeZone(), search: search ?? '' }), [saved, search]);
  const activeOption = isOpen ? options[active] : undefined;

  function open(text: string) {
    setSearch(text);
    setActive(0);
  }
  function pick(zone: string | undefined) {
    if (zone !== undefined && zone !== value) {
      onChange(zone);
    }
    setSearch(null);
  }
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const moves: Record<string, () => void> = {
      ArrowDown: () => (isOpen ? setActive((index) => Math.min(index + 1, options.length - 1)) : open('')),
      ArrowUp: () => setActive((index) => Math.max(index - 1, 0)),
      Enter: () => isOpen && pick(activeOption?.value),
      Escape: () => setSearch(null),
    };
    const move = moves[event.key];
    if (move && (isOpen || event.key === 'ArrowDown')) {
      event.preventDefault();
      move();
    }
  }

  return (
    <div className={`select-field tz-picker${error ? ' select-field--invalid' : ''}`}>
      <label htmlFor={id} className="select-field__label">
        {label}
      </label>
      <input
        id={id}
        name={name}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={isOpen}
        aria-controls={`${id}-list`}
        aria-activedescendant={activeOption ? optionId(id, active) : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        autoComplete="off"
        spellCheck={false}
        value={search ?? timeZoneChoiceLabel(value)}
        onChange={(event) => open(event.target.value)}
        onFocus={(event) => event.target.select()}
        onClick={() => !isOpen && open('')}
        onBlur={() => setSearch(null)}
        onKeyDown={onKeyDown}
      />
      <p id={`${id}-hint`} className="tz-picker__hint">
        Type a city or region to search.
      </p>
      <ZoneList
        id={id}
        label={label}
        value={value}
        options={isOpen ? options : undefined}
        active={active}
        search={search ?? ''}
        onPick={pick}
      />
      {error && (
        <p id={`${id}-error`} className="select-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
