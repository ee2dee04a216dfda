/** Tiny HTML helpers for the dev pages (every value escaped; no inline script). */

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

export function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font:15px/1.4 system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1b1b1f}
form{display:grid;gap:.5rem;margin:1rem 0}label{display:grid;gap:.25rem}
input,select,button{font:inherit;padding:.5rem;border-radius:.5rem;border:1px solid #bbb}
button{cursor:pointer;background:#1b1b1f;color:#fff;border:0}button.secondary{background:#eee;color:#1b1b1f}
.error{color:#b00020}.note{color:#555;font-size:13px}code{word-break:break-all}
</style></head><body>${body}</body></html>`
}

export const HTML_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  // No form-action: browsers apply it to the redirects after a post too, and the sign-in form's answer
  // redirects on to the relying party's callback.
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
}
