import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'

// The demo is served under a strict Content-Security-Policy (scripts/lib/demoCsp.ts) and every spec's
// `cspViolations` fixture fails a test whose pages break it. These show the policy is the strict one and
// that the fixture does catch what it blocks.

test('the demo is served under a strict policy: nonces, no unsafe-inline, no style attributes', async ({
  page,
}) => {
  const response = await page.goto('/')
  const policy = response?.headers()['content-security-policy'] ?? ''
  const nonce = /script-src 'nonce-([A-Za-z0-9+/=]+)' 'strict-dynamic'/.exec(policy)?.[1]
  expect(nonce, policy).toBeDefined()
  expect(policy).toContain(`style-src 'self' 'nonce-${nonce}'`)
  expect(policy).toContain("style-src-attr 'none'")
  expect(policy).not.toContain('unsafe')
  // Styled through the nonce: the modal's own stylesheet applies (a blocked one would leave it unstyled).
  const demo = new DemoPage(page)
  await demo.openConnect()
  await expect(demo.dialog).toBeVisible()
  expect(await demo.dialog.evaluate((dialog) => getComputedStyle(dialog).borderRadius)).not.toBe('0px')
})

test('self-check: an inline style, a style attribute and an inline script (a handler) are caught', async ({
  page,
  cspViolations,
}) => {
  const demo = new DemoPage(page)
  await demo.goto()
  await expect(demo.connectButton).toBeVisible()
  expect(cspViolations).toEqual([])
  await page.evaluate(() => {
    const style = document.createElement('style')
    style.textContent = 'body{outline:1px solid red}'
    document.head.append(style)
    const marked = document.createElement('div')
    marked.setAttribute('style', 'color:red')
    document.body.append(marked)
    // An inline event handler (an element script the test inserts itself would run with the
    // DevTools protocol's exemption from the page's policy).
    document.body.insertAdjacentHTML(
      'beforeend',
      '<img alt="" src="data:," onerror="window.__inlineRan = true">',
    )
  })
  await expect
    .poll(() => cspViolations.map((violation) => /: (\S+) blocked inline/.exec(violation)?.[1]).sort())
    .toEqual(['script-src-attr', 'style-src-attr', 'style-src-elem'])
  expect(
    await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan),
  ).toBeUndefined()
  // Caught and checked here: the fixture's own check then passes.
  cspViolations.length = 0
})
