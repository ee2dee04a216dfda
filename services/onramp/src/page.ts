import type { OnrampOrderView } from '@portico/api'
import { DELIVERY_MESSAGES } from './delivery.ts'

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )

const METHOD_NAMES: Record<string, string> = { card: 'Card', ach_bank_account: 'Bank account (ACH)' }

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/static/buy.css">
</head>
<body>
<main>
${body}
</main>
</body>
</html>`
}

/**
 * The provider page of one order: what is bought, for whom, and the card form that pays it while it
 * is payable; else where its payment stands (`failure`: why its delivery failed on chain).
 */
export function orderPage(o: OnrampOrderView, failure?: string): string {
  const rows: [string, string][] = [
    ['You pay', `${o.fiatTotal} ${o.fiatCurrency}`],
    ['You receive', `${o.cryptoDisplay} ${o.symbol}`],
    ['Destination address', o.address],
    ['Network', `eip155:${o.chainId}`],
    ['Provider fee', `${o.fee} ${o.fiatCurrency}`],
    ['Network fee', `${o.networkFee} ${o.fiatCurrency}`],
    ['Payment method', METHOD_NAMES[o.paymentMethod] ?? o.paymentMethod],
  ]
  const summary = `<dl aria-label="Order">${rows
    .map(([k, v]) => `<div><dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd></div>`)
    .join('')}</dl>`
  const tx = o.txHash ? ` in transaction <code>${escapeHtml(o.txHash)}</code>` : ''
  const paid = `<p role="status">This order is paid: ${escapeHtml(o.cryptoDisplay)} ${escapeHtml(o.symbol)} sent to ${escapeHtml(o.address)}${tx}.</p>`
  const delivering = `<p role="status">${escapeHtml(DELIVERY_MESSAGES.delivering)}: ${escapeHtml(o.cryptoDisplay)} ${escapeHtml(o.symbol)} to ${escapeHtml(o.address)}${tx}. Do not pay again: reload this page for the result once the network confirms it.</p>`
  const beingPaid =
    '<p role="status">This order is being paid. Reload this page in a moment for the result.</p>'
  const failed = `<p role="alert">${escapeHtml(DELIVERY_MESSAGES.failed)}${failure ? ` (${escapeHtml(failure)})` : ''}${tx}. The order is held for review; no other delivery will be sent.</p>`
  const form = `<form id="pay-form" data-order="${escapeHtml(o.id)}" aria-label="Pay by card" novalidate>
<p class="hint">Sandbox: pay with the test card 4242 4242 4242 4242 (4000 0000 0000 0002 is declined), any future expiry, any CVC.</p>
<label>Card number <input name="number" inputmode="numeric" autocomplete="cc-number" maxlength="23" required></label>
<div class="row">
<label>Expiry (MM/YY) <input name="expiry" autocomplete="cc-exp" maxlength="7" placeholder="MM/YY" required></label>
<label>CVC <input name="cvc" inputmode="numeric" autocomplete="cc-csc" maxlength="4" required></label>
</div>
<button type="submit">Pay ${escapeHtml(o.fiatTotal)} ${escapeHtml(o.fiatCurrency)}</button>
<p id="pay-error" role="alert"></p>
</form>
<p id="pay-status" role="status"></p>`
  return layout(
    `${o.providerName} · Buy ${o.symbol}`,
    `<header><h1>${escapeHtml(o.providerName)}</h1><p class="sandbox">Sandbox: no real money moves</p></header>
<h2>Buy ${escapeHtml(o.symbol)}</h2>
${summary}
${
  o.status === 'completed'
    ? paid
    : o.status === 'pending'
      ? form
      : failure !== undefined
        ? failed
        : o.deliveryNonce !== null
          ? delivering
          : beingPaid
}
<script src="/static/buy.js" defer></script>`,
  )
}

export function messagePage(title: string, message: string): string {
  return layout(title, `<h1>${escapeHtml(title)}</h1><p role="alert">${escapeHtml(message)}</p>`)
}
