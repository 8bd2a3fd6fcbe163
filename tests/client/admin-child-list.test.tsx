import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { peopleOutline } from 'ionicons/icons';
import { adminColumnHelper } from '../../src/shared/admin/admin-table';
import { ChildList } from '../../src/shared/admin/child-list';
import { ApiError } from '../../src/shared/api/api-error';
import { clearToasts, currentToast } from '../../src/shared/ui/toast-store';
import { button, click, installDialogMethods, renderAdmin, settle, type Rendered } from '../helpers/render-admin';

interface Seat {
  id: string;
  student_id: string;
  name: string;
}
interface Student {
  id: string;
  name: string;
  code: string;
}

const STUDENTS: Student[] = [
  { id: 's1', name: 'Leo Thompson', code: 'LT-1' },
  { id: 's2', name: 'Noah Bennett', code: 'NB-2' },
];
const helper = adminColumnHelper<Seat>();
const columns = [
  helper.accessor('name', {
    id: 'name',
    header: 'Student',
    enableSorting: false,
    cell: ({ row }) => <span className="admin-cell-main__title">{row.original.name}</span>,
  }),
];

interface Calls {
  picked: string[];
  removed: string[];
}

function Harness({ rows, canManage, refuse, calls }: { rows: Seat[]; canManage: boolean; refuse?: string; calls: Calls }) {
  return (
    <ChildList
      words={{
        one: 'student',
        many: 'students',
        add: 'Seat a student',
        icon: peopleOutline,
        empty: ['No students yet', 'Seat the class.', 'Nobody is seated yet.'],
      }}
      columns={columns}
      listQuery={() =>
        queryOptions({
          queryKey: ['seats', rows.map((seat) => seat.id)] as QueryKey,
          queryFn: () => Promise.resolve({ count: rows.length, results: rows }),
        })
      }
      fetchErrorText="Failed to fetch students"
      rowLabel={(seat) => seat.name}
      canManage={canManage}
      picker={{
        title: 'Seat a student in Bluebirds',
        searchLabel: 'Search students',
        candidates: (search: string) =>
          queryOptions({
            queryKey: ['students', search] as QueryKey,
            queryFn: () => {
              const results = STUDENTS.filter((s) => s.name.toLowerCase().includes(search.toLowerCase()));
              return Promise.resolve({ count: results.length, results });
            },
          }),
        fetchErrorText: 'Failed to fetch students',
        keyOf: (student) => student.id,
        labelOf: (student) => student.name,
        describe: (student) => student.code,
        verb: 'Seat',
        emptyText: () => 'No student matches this search.',
        chosenText: 'In this classroom',
        onPick: (student) => {
          calls.picked.push(student.id);
          return refuse
            ? Promise.reject(new ApiError({ status: 409, code: 'CLASSROOM_FULL', body: { detail: refuse } }))
            : Promise.resolve(student);
        },
        pickedText: (student) => `Seated ${student.name} in Bluebirds.`,
        refusedText: 'Unable to add student',
      }}
      linkedKeyOf={(seat) => seat.student_id}
      onRemove={(seat) => {
        calls.removed.push(seat.id);
        return Promise.resolve();
      }}
      from="Bluebirds"
      removeNote={<p>They stay enrolled; only their seat in this classroom goes.</p>}
    />
  );
}

const LEO: Seat = { id: 'seat-1', student_id: 's1', name: 'Leo Thompson' };
let view: Rendered | undefined;
let calls: Calls;
const show = async (props: { rows: Seat[]; canManage: boolean; refuse?: string }) => {
  calls = { picked: [], removed: [] };
  view = await renderAdmin(<Harness {...props} calls={calls} />);
  await settle();
  return view.container;
};
const openDialog = (root: ParentNode) => root.querySelector<HTMLDialogElement>('dialog[open]');

beforeAll(installDialogMethods);
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  clearToasts();
});

describe('admin child list', () => {
  it('offers no add or remove to who may only look, and says so when empty', async () => {
    const screen = await show({ rows: [LEO], canManage: false });
    expect(screen.querySelector('tbody')?.textContent).toContain('Leo Thompson');
    expect(button(screen, 'Seat a student')).toBeUndefined();
    expect(button(screen, 'Remove Leo Thompson')).toBeUndefined();
    await view?.unmount();
    const empty = await show({ rows: [], canManage: false });
    expect(empty.textContent).toContain('Nobody is seated yet.');
  });

  it('adds from a searched picker: linked candidates are marked, a pick closes the dialog and says what happened', async () => {
    const screen = await show({ rows: [LEO], canManage: true });
    await click(button(screen, 'Seat a student'));
    await settle();
    const dialog = openDialog(screen);
    expect(dialog?.querySelector('h2')?.textContent).toBe('Seat a student in Bluebirds');
    expect(dialog?.textContent).toContain('In this classroom');
    expect(button(dialog!, 'Seat Leo Thompson')).toBeUndefined();
    await click(button(dialog!, 'Seat Noah Bennett'));
    await settle();
    expect(calls.picked).toEqual(['s2']);
    expect(openDialog(screen)).toBeNull();
    expect(currentToast()?.message).toBe('Seated Noah Bennett in Bluebirds.');
  });

  it('keeps a refusal in the dialog with the server’s reason after the fallback words', async () => {
    const screen = await show({ rows: [], canManage: true, refuse: 'Bluebirds is full: 1 of 1 seats are taken.' });
    await click(button(screen, 'Seat a student'));
    await settle();
    await click(button(openDialog(screen)!, 'Seat Noah Bennett'));
    await settle();
    const dialog = openDialog(screen);
    expect(dialog?.querySelector('[role="alert"]')?.textContent).toBe('Unable to add student: Bluebirds is full: 1 of 1 seats are taken.');
    expect(currentToast()).toBeUndefined();
    await click(button(dialog!, 'Close'));
    expect(openDialog(screen)).toBeNull();
  });

  it('removes after a confirmation that names who goes and from what', async () => {
    const screen = await show({ rows: [LEO], canManage: true });
    await click(button(screen, 'Remove Leo Thompson'));
    const dialog = openDialog(screen);
    expect(dialog?.getAttribute('role')).toBe('alertdialog');
    expect(dialog?.querySelector('h2')?.textContent).toBe('Remove Leo Thompson from Bluebirds?');
    expect(dialog?.textContent).toContain('They stay enrolled');
    await click(button(dialog!, 'Remove'));
    await settle();
    expect(calls.removed).toEqual(['seat-1']);
    expect(currentToast()?.message).toBe('Removed Leo Thompson from Bluebirds.');
  });
});
