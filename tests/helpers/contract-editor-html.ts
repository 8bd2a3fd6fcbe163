/**
 * A template as the contract editor writes it: a heading, a paragraph with bold, italic and a
 * placeholder, a bulleted and a numbered list. The client test builds it with the editor's own
 * commands and checks the editor wrote exactly this; the server test stores it and checks the
 * sanitizer kept every element of it.
 */
export const EDITOR_WRITTEN_HTML =
  '<h2>Agreement</h2><p>For <strong>{{student_name}}</strong>, <em>from</em> {{start_date}}.</p>' +
  '<ul><li><p>Weekly sessions</p></li></ul><ol><li><p>Sign</p></li></ol>';
