import { createHash } from 'node:crypto'

/** The frame page's only styles (the approval view); allowed by its hash in the page's CSP. */
export const FRAME_CSS = `
:root{color-scheme:dark;--bg:#141416;--fg:#f4f4f6;--muted:#9a9aa5;--line:#2a2a30;--accent:#4c6fff;--warn:#ffb020;font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
:root[data-theme=light]{color-scheme:light;--bg:#fff;--fg:#141416;--muted:#5f5f6b;--line:#e4e4ea;--accent:#3355ee;--warn:#b86e00}
html,body{margin:0;background:var(--bg);color:var(--fg)}
.approval{display:flex;flex-direction:column;gap:12px;padding:4px 2px 8px}
.title{font-size:16px;font-weight:600;margin:0}
.rows{margin:0;display:flex;flex-direction:column;gap:8px;max-height:300px;overflow:auto}
.row{border-bottom:1px solid var(--line);padding-bottom:6px}
.row dt{color:var(--muted);font-size:12px}
.row dd{margin:2px 0 0;font-family:ui-monospace,Menlo,monospace;font-size:12px;white-space:pre-wrap;word-break:break-all}
.row.warn dd{color:var(--warn);font-weight:600}
.actions{display:flex;gap:8px}
.actions.column{flex-direction:column}
.note{margin:0;color:var(--muted);font-size:13px}
.error{margin:0;color:var(--warn);font-size:13px}
.error:empty{display:none}
.code{display:flex;flex-direction:column;gap:8px}
.code input{height:40px;border-radius:12px;border:1px solid var(--line);background:transparent;color:var(--fg);font:inherit;font-size:18px;letter-spacing:4px;padding:0 12px}
.actions button{flex:1;height:40px;border-radius:12px;font:inherit;font-weight:600;cursor:pointer;border:1px solid var(--line);background:transparent;color:var(--fg)}
.actions .approve{background:var(--accent);border-color:var(--accent);color:#fff}
.actions button:disabled{opacity:.5;cursor:not-allowed}
.actions button:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
`.trim()

export const FRAME_CSS_HASH = `sha256-${createHash('sha256').update(FRAME_CSS).digest('base64')}`
