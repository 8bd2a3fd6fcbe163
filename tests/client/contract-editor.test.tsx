import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import ContractEditor from '../../src/features/enrollments/components/contract-editor';
import { editorHtmlOf, holdsTable } from '../../src/features/enrollments/components/contract-html';
import { EDITOR_WRITTEN_HTML } from '../helpers/contract-editor-html';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// jsdom lays nothing out: ProseMirror's scroll-into-view asks for rectangles, which are empty here.
beforeAll(() => {
  const noRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  const rect = () => ({ top: 0, left: 0, right: 0, bottom: 0, width: 0, height: 0, x: 0, y: 0, toJSON: () => ({}) }) as DOMRect;
  Range.prototype.getClientRects = noRects;
  Range.prototype.getBoundingClientRect = rect;
  document.elementFromPoint = () => null;
});

let root: Root | null = null;
let host: HTMLElement;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  host?.remove();
});

async function open(value: string) {
  const changes: string[] = [];
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  await act(async () =>
    root!.render(
      <ContractEditor
        labelId="l"
        describedBy="h"
        invalid={false}
        value={value}
        onChange={(html) => changes.push(html)}
        onBlur={() => {}}
      />,
    ),
  );
  const tool = (name: string) => host.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`)!;
  const text = host.querySelector<HTMLElement>('[role="textbox"]')!;
  return { changes, tool, text, press: async (name: string) => act(async () => tool(name).click()) };
}

describe('the contract template editor', () => {
  it('labels every tool, and says which marks and blocks are on with aria-pressed', async () => {
    const view = await open('<h2>Agreement</h2><p>Text</p>');
    const toolbar = host.querySelector('[role="toolbar"]')!;
    expect(toolbar.getAttribute('aria-label')).toBe('Formatting');
    const names = [...toolbar.querySelectorAll('button')].map((b) => [b.getAttribute('aria-label'), b.getAttribute('aria-pressed')]);
    // The cursor starts in the heading: Heading is pressed; Undo and Redo are actions, not states.
    expect(names).toEqual([
      ['Heading', 'true'],
      ['Subheading', 'false'],
      ['Bold', 'false'],
      ['Italic', 'false'],
      ['Bulleted list', 'false'],
      ['Numbered list', 'false'],
      ['Undo', null],
      ['Redo', null],
    ]);
    expect(toolbar.querySelector('select')!.getAttribute('aria-label')).toBe('Insert a placeholder');
    expect(view.text.getAttribute('aria-labelledby')).toBe('l');
    expect(view.text.getAttribute('aria-describedby')).toBe('h');
  });

  it('opens a template written as HTML as it was, and writes what the server keeps', async () => {
    const view = await open(EDITOR_WRITTEN_HTML);
    // Nothing changed yet: the form keeps its value (Save stays off).
    expect(view.changes).toEqual([]);
    await view.press('Subheading');
    expect(view.tool('Subheading').getAttribute('aria-pressed')).toBe('true');
    expect(view.tool('Heading').getAttribute('aria-pressed')).toBe('false');
    expect(view.changes.at(-1)).toBe(EDITOR_WRITTEN_HTML.replace('<h2>Agreement</h2>', '<h3>Agreement</h3>'));
    await view.press('Undo');
    expect(view.changes.at(-1)).toBe(EDITOR_WRITTEN_HTML);
  });

  it('inserts a placeholder from its menu where the cursor is', async () => {
    const view = await open('<p>Dear </p>');
    const menu = host.querySelector('select')!;
    expect([...menu.options].map((o) => o.value)).toEqual([
      '',
      'student_name',
      'organization_name',
      'start_date',
      'responsible_person',
      'programs',
      'services',
    ]);
    await act(async () => {
      menu.value = 'responsible_person';
      menu.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(view.changes.at(-1)).toMatch(/^<p>[^<]*\{\{responsible_person\}\}[^<]*<\/p>$/);
    expect(menu.value).toBe('');
  });

  it('opens plain text saved before the editor as one paragraph per line, and hands it to the form to save', async () => {
    expect(editorHtmlOf('Terms\nFees & dues > 5')).toBe('<p>Terms</p><p>Fees &amp; dues &gt; 5</p>');
    expect(editorHtmlOf('<p>Already HTML</p>')).toBe('<p>Already HTML</p>');
    const view = await open('Terms\nFees');
    expect(view.changes).toEqual(['<p>Terms</p><p>Fees</p>']);
  });

  it("says on the textbox when the field turns invalid, and names the error's sentence", async () => {
    const view = await open('');
    expect(view.text.getAttribute('aria-invalid')).toBe('false');
    // The form's check fails on Save: the same editor is drawn again with the error.
    const props = { labelId: 'l', value: '', onChange: () => {}, onBlur: () => {} };
    await act(async () => root!.render(<ContractEditor {...props} describedBy="h e" invalid />));
    expect(host.querySelector('[role="textbox"]')!.getAttribute('aria-invalid')).toBe('true');
    expect(host.querySelector('[role="textbox"]')!.getAttribute('aria-describedby')).toBe('h e');
    expect(view.text.isConnected).toBe(true);
  });

  it('knows a template with a table is one to edit as HTML', () => {
    expect(holdsTable('<table><tr><td>x</td></tr></table>')).toBe(true);
    expect(holdsTable('<p>{{services}}</p>')).toBe(false);
  });
});
