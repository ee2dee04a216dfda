import { escapeHtml } from '../http/html.ts'

/** An http(s) link, or a 6-digit code standing alone (matched on the raw text, in one pass). */
const TOKEN = /(https?:\/\/[^\s<>"']+)|\b(\d{6})\b/g

/**
 * The HTML body of a mail from its text: every character of the text (and of the subject, the title)
 * goes through escapeHtml, so nothing interpolated into it can become markup; the one-time code is set
 * in bold, http(s) links become links, blank lines part paragraphs.
 */
export function mailHtml(text: string, subject: string): string {
  const paragraphs = text
    .trim()
    .split(/\n\s*\n/)
    .map((block) => `<p style="margin:0 0 16px">${block.split('\n').map(line).join('<br>')}</p>`)
    .join('')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(subject)}</title></head><body style="font-family:system-ui,-apple-system,Segoe UI,sans-serif;font-size:16px;line-height:1.5;color:#111;margin:0;padding:24px"><div style="max-width:520px;margin:0 auto">${paragraphs}</div></body></html>`
}

/** One line of text: split into links, codes and the rest on the raw text, each piece then escaped. */
function line(text: string): string {
  let html = ''
  let at = 0
  for (const match of text.matchAll(TOKEN)) {
    const [whole, url, code] = match
    html += escapeHtml(text.slice(at, match.index))
    if (url)
      html += `<a href="${escapeHtml(url)}" style="color:#1d4ed8;word-break:break-all">${escapeHtml(url)}</a>`
    else html += `<strong style="font-size:22px;letter-spacing:3px">${escapeHtml(code ?? whole)}</strong>`
    at = match.index + whole.length
  }
  return html + escapeHtml(text.slice(at))
}
