import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DepartmentForm } from '../../src/features/departments/components/department-form';
import { button, click, installDialogMethods, renderAdmin, settle, type Rendered } from '../helpers/render-admin';

/**
 * An admin edit form whose fields are as they were has nothing to save: the server refuses an update
 * naming nothing to change, and one naming every field as it is changes nothing. So Save stays off
 * until something changed, and a submit all the same closes the form without a call.
 */

const DEPARTMENT = {
  id: '0190a0a0-0000-7000-8000-000000000004',
  name: 'Speech',
  is_active: true,
  created_at: '2026-11-26T10:00:00.000Z',
  members_count: 0,
  students_count: 0,
};

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const patches = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PATCH');
/** Ionic's button takes `disabled` as a property once it has started, and shows it as aria-disabled. */
const isDisabled = (element: HTMLElement | undefined) => (element as (HTMLElement & { disabled?: boolean }) | undefined)?.disabled === true;

describe('an admin edit form with nothing changed', () => {
  let view: Rendered;
  let closed: number;
  const save = () => button(view.container, 'Save changes');
  const enabled = () => view.container.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
  const submitForm = () => act(async () => view.container.querySelector('form')!.requestSubmit());

  beforeAll(installDialogMethods);
  beforeEach(async () => {
    fetchMock.mockReset();
    fetchMock.mockImplementation((_input, init) =>
      Promise.resolve(json(200, { ...DEPARTMENT, ...(JSON.parse(String(init?.body ?? '{}')) as object) })),
    );
    vi.stubGlobal('fetch', fetchMock);
    closed = 0;
    view = await renderAdmin(<DepartmentForm orgCode="HARBOR" department={DEPARTMENT} onDone={() => (closed += 1)} />);
    await settle();
  });
  afterEach(async () => {
    await view.unmount();
    vi.unstubAllGlobals();
  });

  it('keeps Save off, and a submit closes the form without a call', async () => {
    expect(save()).toBeDefined();
    expect(isDisabled(save())).toBe(true);
    await submitForm();
    await settle();
    expect(patches()).toEqual([]);
    expect(closed).toBe(1);
  });

  it('turns Save on with a change and sends it, and off again when the change is undone', async () => {
    await click(enabled());
    expect(isDisabled(save())).toBe(false);
    await click(enabled());
    expect(isDisabled(save())).toBe(true);

    await click(enabled());
    await submitForm();
    await vi.waitFor(() => expect(closed).toBe(1));
    expect(patches()).toHaveLength(1);
    const [url, init] = patches()[0]!;
    expect(String(url)).toContain(`/departments/${DEPARTMENT.id}/`);
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Speech', is_active: false });
  });
});
