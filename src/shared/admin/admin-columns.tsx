import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { studentPath } from '../routing/student-links';
import type { RowData } from '@tanstack/react-table';
import { OrgMoment } from '../ui/org-zone';
import { LongText } from './long-text';
import { adminColumnHelper, type AdminColumn } from './admin-table';
import { countText } from '../ui/count-text';

/**
 * One column from a row of words: its id (for a sortable column, the API's ordering field, since
 * the table reports the id it sorts by), its header and what a cell shows. Sorting and paging run
 * on the server, so the column's value is only ever read through `cell`.
 */
export function column<T extends RowData>(
  id: string,
  header: string,
  cell: (row: NoInfer<T>) => ReactNode,
  isSortable = false,
): AdminColumn<T> {
  return adminColumnHelper<T>().accessor((row) => row, {
    id,
    header,
    enableSorting: isSortable,
    // A header's first click sorts ascending (A to Z, oldest, lowest), as for the text fields the API orders by.
    sortDescFirst: false,
    cell: ({ row }) => cell(row.original),
  }) as AdminColumn<T>;
}

/** A cell's title line with an optional grey line under it (a description, a code, an e-mail). */
export function MainCell({ title, sub, isLong }: { title: ReactNode; sub?: string | null; isLong?: boolean }) {
  return (
    <div className="admin-cell-main">
      {isLong && typeof title === 'string' ? (
        <LongText className="admin-cell-main__title" text={title} />
      ) : typeof title === 'string' ? (
        <span className="admin-cell-main__title">{title}</span>
      ) : (
        title
      )}
      {sub && (isLong ? <LongText className="admin-cell-main__sub" text={sub} /> : <span className="admin-cell-main__sub">{sub}</span>)}
    </div>
  );
}

interface MainColumnOptions<T> {
  header?: string;
  /** The page the title opens; without it the title is plain text. */
  to?: (row: T) => string;
  /** The link's look besides the title's: the kit's link, or a feature's own class. */
  linkClass?: string;
  sub?: (row: T) => string | null | undefined;
  isSortable?: boolean;
  /** Titles that can run long (names people type) are clamped, with the whole text a tap away. */
  isLong?: boolean;
}

/** The main column of a row: its title (a link to its page when it has one) over an optional grey line, under the id "name". */
export function mainColumn<T extends RowData>(
  titleOf: (row: NoInfer<T>) => string,
  options: MainColumnOptions<NoInfer<T>>,
): AdminColumn<T> {
  const { header = 'Name', to, linkClass = 'admin-link', sub, isSortable = false, isLong = false } = options;
  const titleCell = (row: T) => {
    const title = titleOf(row);
    return to ? (
      <Link className={['admin-cell-main__title', linkClass, 'admin-long'].filter(Boolean).join(' ')} title={title} to={to(row)}>
        {title}
      </Link>
    ) : (
      title
    );
  };
  return column<T>('name', header, (row) => <MainCell isLong={isLong} title={titleCell(row)} sub={sub?.(row)} />, isSortable);
}

/** The sortable "Name" column of a list of named things. */
export function nameColumn<T extends { id: string; name: string }>(options: MainColumnOptions<NoInfer<T>> = {}): AdminColumn<T> {
  return mainColumn<T>((row) => row.name, { isSortable: true, isLong: true, ...options });
}

/** A person's column: their name over an optional grey line (a code, an e-mail). */
export function personColumn<T extends RowData>(
  header: string,
  nameOf: (row: NoInfer<T>) => string,
  sub?: (row: NoInfer<T>) => string,
  isSortable = false,
): AdminColumn<T> {
  return mainColumn<T>(nameOf, { header, sub, isSortable });
}

/**
 * A student's column: their name as a link to the student's page (the server answers a student the
 * viewer does not reach with a page that says so), over an optional grey line.
 */
export function studentColumn<T extends RowData>(
  nameOf: (row: NoInfer<T>) => string,
  studentIdOf: (row: NoInfer<T>) => string,
  options: { header?: string; sub?: (row: NoInfer<T>) => string; isSortable?: boolean } = {},
): AdminColumn<T> {
  const { header = 'Student', ...rest } = options;
  return mainColumn<T>(nameOf, { header, to: (row) => studentPath(studentIdOf(row)), ...rest });
}

/** An on/off badge (Active/Inactive, Enabled/Disabled) in a "Status" column. */
export function statusColumn<T extends RowData>(isOn: (row: NoInfer<T>) => boolean, on: string, off: string): AdminColumn<T> {
  return column<T>('status', 'Status', (row) => <StatusBadge isOn={isOn(row)} on={on} off={off} />);
}

export function StatusBadge({ isOn, on, off }: { isOn: boolean; on: string; off: string }) {
  return isOn ? <span className="admin-badge admin-badge--on">{on}</span> : <span className="admin-badge admin-badge--off">{off}</span>;
}

/** When a row came to be, as a day of the organization's clock ("Created", sortable by default; "Seated since", "Added"). */
export function dayColumn<T extends RowData>(
  id: string,
  header: string,
  iso: (row: NoInfer<T>) => string,
  isSortable = false,
): AdminColumn<T> {
  return column<T>(id, header, (row) => <OrgMoment at={iso(row)} day />, isSortable);
}

/** How many of something a row holds: "3", or "3 members" with the words. */
export function countColumn<T extends RowData>(
  id: string,
  header: string,
  count: (row: NoInfer<T>) => number,
  words?: [one: string, many: string],
): AdminColumn<T> {
  return column<T>(id, header, (row) => {
    const n = count(row);
    return words ? countText(n, ...words) : n;
  });
}

/**
 * The sortable "Created" column. Its id must be the list call's ordering field for creation, so it
 * is read from the call's orderings rather than spelled here.
 */
export function createdColumn<T extends RowData & { created_at: string }>(orderings: readonly string[]): AdminColumn<T> {
  const id = orderings.find((ordering) => ordering.startsWith('created')) ?? 'created';
  return dayColumn<T>(id, 'Created', (row) => row.created_at, true);
}
