/** The stats header of an admin list: a few labelled figures (count_all, count_active, ...). */
export function AdminStats({ label, items }: { label: string; items: Array<{ label: string; value: string | number; isWide?: boolean }> }) {
  return (
    <dl className="admin-stats" aria-label={label}>
      {items.map((item) => (
        <div key={item.label} className={item.isWide ? 'admin-stats__item admin-stats__item--wide' : 'admin-stats__item'}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
