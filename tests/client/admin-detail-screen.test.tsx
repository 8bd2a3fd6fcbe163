import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionKey } from '../../contract/http';
import { AdminDetailScreen, type AdminDetailScreenProps } from '../../src/shared/admin/detail-screen';
import { searchOutline } from 'ionicons/icons';
import { ApiError } from '../../src/shared/api/api-error';
import { button, click, installDialogMethods, renderAdmin, type Rendered } from '../helpers/render-admin';

interface Thing {
  id: string;
  name: string;
  is_active: boolean;
  description: string;
}

const THING: Thing = { id: 't1', name: 'Speech therapy', is_active: false, description: 'Twice a week.' };
const answered = { isPending: false, isError: false, error: null, refetch: () => undefined };
const may = (...keys: PermissionKey[]) => ({ can: (key: PermissionKey) => keys.includes(key) });

function props(overrides: Partial<AdminDetailScreenProps<Thing>> = {}): AdminDetailScreenProps<Thing> {
  return {
    noun: { one: 'department', many: 'departments' },
    listPath: '/organization/departments',
    query: answered,
    item: THING,
    fetchErrorText: 'Failed to fetch department',
    icon: searchOutline,
    manageKey: 'departments.manage',
    access: may('departments.manage'),
    summary: (thing) => ({
      title: thing.name,
      status: { label: thing.is_active ? 'Enabled' : 'Disabled', isOn: thing.is_active },
      facts: ['2 team members', '1 student'],
      description: thing.description,
    }),
    editForm: (thing, done) => (
      <button type="button" onClick={done}>
        Save {thing.name}
      </button>
    ),
    sections: (_thing, canManage) => [
      { key: 'team', label: 'Team', panel: <p>team panel {canManage ? 'managed' : 'read-only'}</p> },
      { key: 'students', label: 'Students', panel: <p>students panel</p> },
    ],
    ...overrides,
  };
}

let view: Rendered | undefined;
const show = async (overrides: Partial<AdminDetailScreenProps<Thing>> = {}) => {
  view = await renderAdmin(<AdminDetailScreen<Thing> {...props(overrides)} />);
  return view.container;
};

beforeAll(installDialogMethods);
afterEach(async () => {
  await view?.unmount();
  view = undefined;
});

describe('admin detail screen', () => {
  it('shows the name, its status and facts, and Edit for who holds the manage key, without a read-only note', async () => {
    const screen = await show();
    expect(screen.querySelector('h1')?.textContent).toBe('Speech therapy');
    expect(screen.querySelector('.admin-detail__title')?.textContent).toBe('Speech therapy');
    expect(screen.querySelector('.admin-badge--off')?.textContent).toBe('Disabled');
    expect(screen.querySelector('.admin-detail__facts')?.textContent).toBe('2 team members · 1 student');
    expect(button(screen, 'Edit department')).toBeDefined();
    expect(screen.textContent).not.toContain('only people who manage');
    expect(screen.textContent).toContain('team panel managed');
    expect(screen.querySelector('a')?.getAttribute('href')).toBe('/organization/departments');
  });

  it('says in words who may change it when the member lacks the manage key, and offers no Edit', async () => {
    const screen = await show({ access: may('departments.view', 'programs.manage') });
    expect(screen.querySelector('.admin-readonly')?.textContent).toBe(
      'You can see this department; only people who manage departments can change it.',
    );
    expect(button(screen, 'Edit department')).toBeUndefined();
    expect(screen.textContent).toContain('team panel read-only');
  });

  it('opens the edit form in a dialog and closes it when the form is done', async () => {
    const screen = await show();
    await click(button(screen, 'Edit department'));
    const dialog = screen.querySelector('dialog');
    expect(dialog?.hasAttribute('open')).toBe(true);
    expect(dialog?.querySelector('h2')?.textContent).toBe('Edit department');
    await click(button(dialog!, 'Save Speech therapy'));
    expect(dialog?.hasAttribute('open')).toBe(false);
  });

  it('shows several sections as tabs named for the kind of thing, and one section under its heading', async () => {
    const screen = await show();
    const tablist = screen.querySelector('[role="tablist"]');
    expect(tablist?.getAttribute('aria-label')).toBe('Department');
    const tabs = [...screen.querySelectorAll<HTMLElement>('[role="tab"]')];
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Team', 'Students']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    await click(tabs[1]);
    expect(screen.querySelector('[role="tabpanel"]')?.textContent).toBe('students panel');
    await view?.unmount();

    const single = await show({ sections: () => [{ key: 'students', label: 'Students', panel: <p>only panel</p> }] });
    expect(single.querySelector('[role="tablist"]')).toBeNull();
    expect(single.querySelector('section h2')?.textContent).toBe('Students');
    expect(single.textContent).toContain('only panel');
  });

  it('says the thing is not found when the answer lacks it or the server answers 404, and shows other failures with a retry', async () => {
    expect((await show({ item: undefined })).textContent).toContain('Department not found');
    await view?.unmount();
    const notFound = new ApiError({ status: 404, code: 'DEPARTMENT_NOT_FOUND', body: null, message: 'Department not found.' });
    expect((await show({ item: undefined, query: { ...answered, isError: true, error: notFound } })).textContent).toContain(
      'Department not found',
    );
    await view?.unmount();
    const failed = new ApiError({ status: 0, code: 'FETCH_ERROR', body: null, message: 'offline' });
    const screen = await show({ item: undefined, query: { ...answered, isError: true, error: failed } });
    expect(screen.textContent).not.toContain('not found');
    expect(button(screen, 'Try again') ?? button(screen, 'Retry')).toBeDefined();
  });

  it('clamps a long description to a few lines with Show more, and opens it in full', async () => {
    const tall = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'scrollHeight');
    Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
      configurable: true,
      get(this: HTMLElement) {
        return this.classList.contains('clamped-text__body') ? 400 : 0;
      },
    });
    try {
      const screen = await show({ item: { ...THING, description: 'A long paragraph. '.repeat(200) } });
      const body = screen.querySelector<HTMLElement>('.clamped-text__body');
      expect(body?.classList.contains('clamped-text__body--clamped')).toBe(true);
      const more = button(screen, 'Show more');
      expect(more?.getAttribute('aria-expanded')).toBe('false');
      await click(more);
      expect(body?.classList.contains('clamped-text__body--clamped')).toBe(false);
      expect(button(screen, 'Show less')?.getAttribute('aria-expanded')).toBe('true');
    } finally {
      Object.defineProperty(HTMLElement.prototype, 'scrollHeight', tall ?? { configurable: true, value: 0 });
    }
  });

  it('offers no Show more for a description that fits', async () => {
    const screen = await show();
    expect(screen.querySelector('.clamped-text__body')?.textContent).toBe('Twice a week.');
    expect(button(screen, 'Show more')).toBeUndefined();
  });
});
