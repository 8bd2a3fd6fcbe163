import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { InviteDialog } from '../../src/features/people/components/invite-dialog';
import { button, click, installDialogMethods, renderAdmin, settle, type Rendered } from '../helpers/render-admin';

const ORG_ID = '0190a0a0-0000-7000-8000-000000000001';
const ROLE_ID = '0190a0a0-0000-7000-8000-000000000002';
const LEAD_ID = '0190a0a0-0000-7000-8000-000000000003';
const DEPT_ID = '0190a0a0-0000-7000-8000-000000000004';

const page = <T,>(results: T[]) => ({ count: results.length, next: null, previous: null, results });
const role = (id: string, name: string, defaultFor: 'therapist' | null) => ({
  id,
  name,
  permission_keys: [],
  default_for: defaultFor,
  members_count: 0,
});
const INVITATION = {
  token: 'x'.repeat(43),
  status: 'pending',
  role: { id: ROLE_ID, name: 'Therapist' },
  departments: [{ id: DEPT_ID, name: 'Speech' }],
  message: '',
  invited_by: { first_name: 'Olivia', last_name: 'Owner' },
  created_at: '2026-11-26T10:00:00.000Z',
  expires_at: '2026-12-10T10:00:00.000Z',
  answered_at: null,
  email: 'robin@example.test',
  therapist: { user_id: '0190a0a0-0000-7000-8000-000000000005', first_name: 'Robin', last_name: 'Reyes' },
  is_archived: false,
};

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The server as the dialog meets it: roles, departments, the code look-up and the invitation. */
function answer(url: string, init?: RequestInit): Response {
  if (url.includes('/roles/')) {
    return json(200, page([role(ROLE_ID, 'Therapist', 'therapist'), role(LEAD_ID, 'Lead therapist', null)]));
  }
  if (url.includes('/departments/')) {
    const department = {
      id: DEPT_ID,
      name: 'Speech',
      is_active: true,
      created_at: INVITATION.created_at,
      members_count: 0,
      students_count: 0,
    };
    return json(200, { ...page([department]), count_all: 1, count_active: 1, count_inactive: 0 });
  }
  if (url.includes('/invitations/lookup/')) {
    return url.includes('therapist_code=RB7K3M2Q')
      ? json(200, { therapist_code: 'RB7K3M2Q', first_name: 'Robin', last_name: 'Reyes' })
      : json(404, { code: 'NOT_FOUND', detail: 'No therapist has this code. Check it with the therapist.' });
  }
  if (url.includes('/invitations/') && init?.method === 'POST') {
    return json(201, INVITATION);
  }
  return json(404, { code: 'NOT_FOUND', detail: 'Not found.' });
}

const isDisabled = (element: HTMLElement | undefined) => element?.hasAttribute('disabled') && element.getAttribute('disabled') !== 'false';
const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('the invite dialog', () => {
  let view: Rendered;
  let closed: number;

  beforeAll(installDialogMethods);
  beforeEach(async () => {
    fetchMock.mockReset();
    fetchMock.mockImplementation((input, init) => Promise.resolve(answer(String(input), init)));
    vi.stubGlobal('fetch', fetchMock);
    closed = 0;
    view = await renderAdmin(<InviteDialog open orgCode="HARBOR" organizationId={ORG_ID} onClose={() => (closed += 1)} />);
    await settle();
  });
  afterEach(async () => {
    await view.unmount();
    vi.unstubAllGlobals();
  });

  it('offers the built-in role first, the departments, and no sending before a therapist is found', async () => {
    const roleSelect = view.container.querySelector<HTMLSelectElement>('select[name="role_id"]')!;
    // The contract's schemas load with the first call: wait for the answers to be on screen.
    await vi.waitFor(() =>
      expect([...roleSelect.options].map((o) => o.textContent)).toEqual(['Therapist (built-in role)', 'Lead therapist']),
    );
    expect(roleSelect.value).toBe('');
    await vi.waitFor(() => expect(view.container.querySelector('input[name="department_ids"]')).not.toBeNull());
    const departments = [...view.container.querySelectorAll<HTMLInputElement>('input[name="department_ids"]')];
    expect(departments.map((box) => box.parentElement?.textContent)).toEqual(['Speech']);
    expect(isDisabled(button(view.container, 'Find therapist'))).toBe(true);
    expect(isDisabled(button(view.container, 'Send invitation'))).toBe(true);
    expect(view.container.textContent).toContain('Ask the therapist for the code on their Thera home page.');
  });

  it('checks the e-mail address before sending: none given, nothing sent and the dialog stays', async () => {
    const mode = view.container.querySelector<HTMLSelectElement>('select[name="mode"]')!;
    await act(async () => {
      mode.value = 'email';
      mode.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(isDisabled(button(view.container, 'Send invitation'))).toBe(false);
    await click(button(view.container, 'Send invitation'));
    await settle();
    // The form stopped it itself: the call never ran (it would have failed with a summary above the buttons).
    // The field's own error line is Ionic's to draw, which jsdom does not run.
    expect(view.container.querySelector('.form-error')).toBeNull();
    expect(posts()).toEqual([]);
    expect(closed).toBe(0);
  });

  it('closes on Cancel without sending', async () => {
    await click(button(view.container, 'Cancel'));
    expect(closed).toBe(1);
    expect(posts()).toEqual([]);
  });
});
