import type { Role } from '../../../../contract/roles';
import { LongText } from '../../../shared/admin/long-text';
import { countColumn } from '../../../shared/admin/admin-columns';
import { adminColumnHelper, type AdminColumn } from '../../../shared/admin/admin-table';
import { CAPABILITIES, keyLabel } from '../keys';

const helper = adminColumnHelper<Role>();
const BUILT_IN_FOR = { therapist: 'New therapists receive it', staff: 'New staff receive it' } as const;

/** The roles table: name (built in marked), what the role may do in words, how many hold it. */
export const roleColumns: AdminColumn<Role>[] = [
  helper.accessor('name', {
    id: 'name',
    header: 'Role',
    enableSorting: false,
    cell: ({ row }) => (
      <div className="admin-cell-main">
        <LongText className="admin-cell-main__title" text={row.original.name} />
        {row.original.default_for && <span className="admin-badge admin-badge--off roles-builtin">Built in</span>}
        {row.original.default_for ? (
          <span className="admin-cell-main__sub">{BUILT_IN_FOR[row.original.default_for]}; it can be changed, not deleted.</span>
        ) : (
          row.original.members_count > 0 && (
            <span className="admin-cell-main__sub">In use: give its members another role before deleting it.</span>
          )
        )}
      </div>
    ),
  }),
  helper.accessor('permission_keys', {
    id: 'permissions',
    header: 'May',
    enableSorting: false,
    cell: ({ row }) => {
      const keys = row.original.permission_keys;
      if (keys.length === 0) {
        return <span className="muted">Nothing yet</span>;
      }
      return (
        <ul className="roles-keys">
          {CAPABILITIES.filter((c) => c.keys.some((k) => keys.includes(k))).map((c) => (
            <li key={c.name}>
              <span className="roles-keys__capability">{c.title}:</span>{' '}
              {c.keys
                .filter((k) => keys.includes(k))
                .map(keyLabel)
                .join('; ')}
            </li>
          ))}
        </ul>
      );
    },
  }),
  countColumn('members', 'Members', (role) => role.members_count),
];
