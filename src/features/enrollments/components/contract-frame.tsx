import './enrollments.css';

/**
 * A contract's HTML shown in a sandboxed frame: no scripts, no forms, a unique origin, and a policy
 * that loads nothing from anywhere (no tracking images). The server sanitizes what it stores; the
 * frame keeps an unsaved draft in the editor's preview just as harmless.
 */
const POLICY = "default-src 'none'; style-src 'unsafe-inline'";
const STYLE =
  'body{font:15px/1.5 system-ui,sans-serif;margin:16px;color:#1d2733}table{border-collapse:collapse}td,th{border:1px solid #c9d2dc;padding:4px 8px;text-align:left}';

export function ContractFrame({ html, title }: { html: string; title: string }) {
  const doc = `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${POLICY}"><style>${STYLE}</style></head><body>${html}</body></html>`;
  return <iframe className="contract-frame" title={title} sandbox="" srcDoc={doc} />;
}
