import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Skill } from '../../contract/profile-items';
import { ProfileSection } from '../../src/features/profile/components/profile-section';
import { SKILLS } from '../../src/features/profile/components/profile-sections';
import { button, click, installDialogMethods, renderAdmin, settle, type Rendered } from '../helpers/render-admin';

const fetchMock = vi.fn<typeof fetch>();

// Ionic's input does not run its own rendering in jsdom (the browser tests use the real one): a
// plain input with the same props stands in for it, its error under it.
vi.mock('../../src/shared/ui/text-field', () => ({
  TextField: ({
    label,
    name,
    value,
    onChange,
    error,
  }: {
    label: string;
    name: string;
    value: string;
    onChange: (v: string) => void;
    error?: string;
  }) => (
    <label>
      {label}
      <input name={name} value={value} onChange={(event) => onChange(event.target.value)} />
      {error && <span className="field-error">{error}</span>}
    </label>
  ),
}));
const SKILL_ID = '0190f5a2-7c1e-7000-8000-0000000000aa';

function answer(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The skill form's one field. */
const nameField = () => document.querySelector<HTMLInputElement>('dialog[open] input[name="name"]');

/** Types into the field: the value set as the browser sets it, then its input event, which React listens to. */
async function type(value: string) {
  const input = nameField();
  if (!input) {
    throw new Error('The dialog has no field.');
  }
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Submits the dialog's form, as its Save button does in the browser, and waits for its call's answer. */
async function save() {
  const calls = fetchMock.mock.calls.length;
  const form = document.querySelector('dialog[open] form');
  await act(async () => {
    form?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
  // The first call of a feature loads its schemas before it sends.
  await vi.waitFor(() => expect(fetchMock.mock.calls.length).toBe(calls + 1));
  await settle();
}

const sent = (index: number) => {
  const [url, init] = fetchMock.mock.calls[index]!;
  return { url: String(url), method: init?.method, body: JSON.parse(String(init?.body)) as unknown };
};

let view: Rendered | null = null;
beforeAll(installDialogMethods);
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(async () => {
  await view?.unmount();
  view = null;
  vi.unstubAllGlobals();
});

describe('a section of the professional profile (skills)', () => {
  it('says what to add while empty, and adds an item through its dialog', async () => {
    view = await renderAdmin(<ProfileSection setup={SKILLS} items={[]} />);
    expect(view.container.textContent).toContain('No skills yet');
    expect(view.container.textContent).toContain('Add the methods you work with');

    await click(button(view.container, 'Add a skill'));
    expect(document.querySelector('dialog[open]')?.textContent).toContain('Add a skill');
    fetchMock.mockResolvedValue(answer(201, { id: SKILL_ID, name: 'PECS' }));
    await type('PECS');
    await save();
    await settle();

    expect(sent(0)).toEqual({ url: '/api/therapist-management/skills/', method: 'POST', body: { name: 'PECS' } });
    // Saved: the dialog closed.
    expect(document.querySelector('dialog[open]')).toBeNull();
  });

  it('changes an item in a dialog filled with what is saved, and shows a refusal on the field', async () => {
    const skill: Skill = { id: SKILL_ID, name: 'PECS' };
    view = await renderAdmin(<ProfileSection setup={SKILLS} items={[skill]} />);
    expect(view.container.textContent).toContain('PECS');

    await click(button(view.container, 'Change PECS'));
    await settle();
    expect(nameField()?.value).toBe('PECS');

    fetchMock.mockResolvedValueOnce(
      answer(409, {
        code: 'CONFLICT',
        detail: 'This skill is on your profile already.',
        errors: { name: ['This skill is on your profile already.'] },
      }),
    );
    await type('AAC');
    await save();
    await settle();
    expect(sent(0)).toEqual({ url: `/api/therapist-management/skills/${SKILL_ID}/`, method: 'PATCH', body: { name: 'AAC' } });
    expect(document.querySelector('dialog[open]')?.textContent).toContain('This skill is on your profile already.');

    fetchMock.mockResolvedValueOnce(answer(200, { id: SKILL_ID, name: 'Picture exchange (PECS)' }));
    await type('Picture exchange (PECS)');
    await save();
    await settle();
    expect(sent(1).body).toEqual({ name: 'Picture exchange (PECS)' });
    expect(document.querySelector('dialog[open]')).toBeNull();
  });
});
