import { useRef, type KeyboardEvent } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { CONTRACT_PLACEHOLDERS } from '../../../../contract/contract-text';
import { editorHtmlOf } from './contract-html';

export interface ContractEditorProps {
  /** Ids of the field's label, helper and error, which the form draws around the editor. */
  labelId: string;
  describedBy: string;
  invalid: boolean;
  value: string;
  onChange: (html: string) => void;
  onBlur: () => void;
}

/**
 * Only what the server's contract allow-list keeps: paragraphs, headings (h1–h4, so older templates
 * keep theirs; the toolbar offers h2 and h3), bold, italic, underline, lists, quotes, rules, line
 * breaks and plain links (without the target and rel the server would strip). Code and strike-through
 * are off: the server would drop their marks.
 */
const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [1, 2, 3, 4] },
    code: false,
    codeBlock: false,
    strike: false,
    // No empty paragraph added after a closing list or heading: the saved text is what was written.
    trailingNode: false,
    link: { openOnClick: false, autolink: false, HTMLAttributes: { target: null, rel: null } },
  }),
];

type Tool = { label: string; isActive?: (e: Editor) => boolean; run: (e: Editor) => void; can?: (e: Editor) => boolean };

const TOOLS: Tool[] = [
  {
    label: 'Heading',
    isActive: (e) => e.isActive('heading', { level: 2 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
  },
  {
    label: 'Subheading',
    isActive: (e) => e.isActive('heading', { level: 3 }),
    run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run(),
  },
  { label: 'Bold', isActive: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run() },
  { label: 'Italic', isActive: (e) => e.isActive('italic'), run: (e) => e.chain().focus().toggleItalic().run() },
  { label: 'Bulleted list', isActive: (e) => e.isActive('bulletList'), run: (e) => e.chain().focus().toggleBulletList().run() },
  { label: 'Numbered list', isActive: (e) => e.isActive('orderedList'), run: (e) => e.chain().focus().toggleOrderedList().run() },
  { label: 'Undo', run: (e) => e.chain().focus().undo().run(), can: (e) => e.can().undo() },
  { label: 'Redo', run: (e) => e.chain().focus().redo().run(), can: (e) => e.can().redo() },
];

/** What each tool shows: short glyphs, with the full name as the button's accessible name and tooltip. */
const GLYPHS: Record<string, string> = {
  Heading: 'H2',
  Subheading: 'H3',
  Bold: 'B',
  Italic: 'I',
  'Bulleted list': '• List',
  'Numbered list': '1. List',
  Undo: '↶ Undo',
  Redo: '↷ Redo',
};

/** Arrow keys move along the toolbar, as in every toolbar; Tab still reaches each control. */
function moveAlong(event: KeyboardEvent<HTMLDivElement>) {
  if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') {
    return;
  }
  const controls = [...event.currentTarget.querySelectorAll<HTMLElement>('button, select')];
  const at = controls.indexOf(document.activeElement as HTMLElement);
  if (at < 0 || (event.target as HTMLElement).tagName === 'SELECT') {
    return;
  }
  event.preventDefault();
  controls[(at + (event.key === 'ArrowRight' ? 1 : controls.length - 1)) % controls.length]?.focus();
}

/** The contract template's rich-text editor: a labelled toolbar, a menu of placeholders, and the text. */
export default function ContractEditor({ labelId, describedBy, invalid, value, onChange, onBlur }: ContractEditorProps) {
  // The editor owns its text once open: the form's value follows it, never the reverse.
  const initial = useRef(editorHtmlOf(value)).current;
  // Drawn again with an error, the editor takes the new attributes (useEditor passes changed options on).
  const attributes = {
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
    'aria-describedby': describedBy,
    'aria-invalid': invalid ? 'true' : 'false',
    class: 'contract-editor__text',
  };
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: initial,
    editorProps: { attributes },
    // Plain text saved before the editor opens as paragraphs: the form takes them as a change to save.
    onCreate: ({ editor: e }) => {
      if (initial !== value) {
        onChange(e.getHTML());
      }
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
    onBlur: () => onBlur(),
  });
  // The toolbar's pressed and disabled states, read again on each change of the editor.
  const states = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      TOOLS.map((tool) => ({ pressed: e ? tool.isActive?.(e) : undefined, enabled: e ? (tool.can?.(e) ?? true) : false })),
  });

  return (
    <div className={invalid ? 'contract-editor__box contract-editor__box--invalid' : 'contract-editor__box'}>
      <div className="contract-editor__toolbar" role="toolbar" aria-label="Formatting" onKeyDown={moveAlong}>
        {TOOLS.map((tool, i) => (
          <button
            key={tool.label}
            type="button"
            className="contract-editor__tool"
            aria-label={tool.label}
            title={tool.label}
            aria-pressed={tool.isActive ? Boolean(states?.[i]?.pressed) : undefined}
            disabled={!editor || !states?.[i]?.enabled}
            onClick={() => editor && tool.run(editor)}
          >
            {GLYPHS[tool.label]}
          </button>
        ))}
        <select
          className="contract-editor__insert"
          aria-label="Insert a placeholder"
          value=""
          disabled={!editor}
          onChange={(event) => {
            const name = event.target.value;
            if (editor && name) {
              editor.chain().focus().insertContent(`{{${name}}}`).run();
            }
          }}
        >
          <option value="">Insert a placeholder…</option>
          {CONTRACT_PLACEHOLDERS.map((p) => (
            <option key={p.name} value={p.name}>
              {p.label} ({`{{${p.name}}}`})
            </option>
          ))}
        </select>
      </div>
      <EditorContent editor={editor} />
    </div>
  );
}
