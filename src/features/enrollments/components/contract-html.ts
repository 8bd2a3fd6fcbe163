/**
 * Stored contract HTML as the rich-text editor opens it. A template saved before the editor may be
 * plain text typed into the HTML box, whose line breaks the browser collapsed: such text opens as
 * one paragraph per line, so what the author meant to write is what they see. HTML opens as it is.
 */
const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Whether the text holds any markup at all (a tag): plain text has none. */
const hasMarkup = (html: string) => /<\/?[a-z][^>]*>/i.test(html);

export function editorHtmlOf(stored: string): string {
  if (stored.trim() === '' || hasMarkup(stored)) {
    return stored;
  }
  return stored
    .split(/\r?\n/)
    .map((line) => `<p>${escapeText(line.trim())}</p>`)
    .join('');
}

/**
 * Whether a template holds what the editor cannot keep: tables (the editor has no table support
 * installed). Such a template is edited as HTML, or saving from the editor would drop its tables.
 */
export const holdsTable = (html: string) => /<table[\s>]/i.test(html);
