/** One figure of a stats strip: its label, its value, and whether it takes a wide cell (a price range). */
export type Figure = readonly [label: string, value: string | number, isWide?: boolean];

/** The stats header of an admin list or dashboard: a table of labelled figures (count_all, count_active, ...). */
export function AdminStats({ label, figures }: { label: string; figures: readonly Figure[] }) {
  return (
    <dl className="admin-stats" aria-label={label}>
      {figures.map(([name, value, isWide]) => (
        <div key={name} className={isWide ? 'admin-stats__item admin-stats__item--wide' : 'admin-stats__item'}>
          <dt>{name}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The figures of a list whose rows are switched on and off: all, on (enabled, active), off. */
export function statusFigures(many: string, words: readonly [on: string, off: string], counts: readonly number[]): Figure[] {
  const [all = 0, on = 0, off = 0] = counts;
  return [
    [`All ${many}`, all],
    [words[0], on],
    [words[1], off],
  ];
}
