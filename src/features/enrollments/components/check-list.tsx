/** A group of native checkboxes over named things (departments, programs), reached with Tab and toggled with Space. */
export function CheckList({
  legend,
  items,
  value,
  onChange,
  empty,
}: {
  legend: string;
  items: { id: string; name: string }[];
  value: string[];
  onChange: (ids: string[]) => void;
  empty: string;
}) {
  return (
    <fieldset className="enrollment-choices">
      <legend>{legend}</legend>
      {items.length === 0 && <span className="muted">{empty}</span>}
      {items.map((item) => (
        <label key={item.id}>
          <input
            type="checkbox"
            checked={value.includes(item.id)}
            onChange={(event) => onChange(event.target.checked ? [...value, item.id] : value.filter((id) => id !== item.id))}
          />{' '}
          {item.name}
        </label>
      ))}
    </fieldset>
  );
}
