import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { freshAccount, useDevWallet } from './accountData.ts'
import { DemoPage } from './demo.ts'
import { expect, networkQuiet, test } from './fixtures.ts'

/**
 * Issue 8 item 18: the query overrides (`?plugin.<id>=`, `?apiUrl=`, …) exist only in the demo's
 * test build (dist/demo-test, served at `/` by the e2e stack). The default build (dist/demo, what
 * `npm start` serves; the e2e stack has it at `/default/`) must ignore them.
 */
const DIST_DEMO = path.resolve(import.meta.dirname, '../dist/demo')
// Nothing listens on the discard port: a request there would only show the override was taken.
const ELSEWHERE = 'http://127.0.0.1:9'
const HOSTILE_QUERY = `?plugin.receive=${encodeURIComponent(`${ELSEWHERE}/evil/remoteEntry.js`)}&apiUrl=${encodeURIComponent(ELSEWHERE)}&walletDirectoryUrl=${encodeURIComponent(ELSEWHERE)}`

test('the default demo build ignores ?plugin.receive= and ?apiUrl=: plugins and API come from its configuration', async ({
  page,
  stack,
  requests,
}) => {
  await useDevWallet(page.context(), stack, freshAccount())
  const demo = new DemoPage(page)
  await page.goto(`/default/${HOSTILE_QUERY}`)
  await expect(page.getByRole('heading', { name: 'Portico demo' })).toBeVisible()
  await demo.connectDevWallet()
  await demo.openAccount()
  // Receive comes from the configured plugin server, the balances from the configured API.
  await expect(demo.dialog.getByRole('button', { name: 'Receive' })).toBeVisible()
  await networkQuiet(page)
  expect(requests.filter((url) => url.startsWith(ELSEWHERE))).toEqual([])
  expect(requests.some((url) => url.startsWith(`${stack.pluginBaseUrl}/receive/`))).toBe(true)
  expect(requests.some((url) => url.startsWith(`${stack.apiUrl}/v1/account/`))).toBe(true)

  // The default build holds no query reader at all (the test build's src/queryOverrides.ts).
  const scripts = readdirSync(DIST_DEMO).filter((file) => file.endsWith('.js'))
  expect(scripts.length).toBeGreaterThan(0)
  for (const file of scripts)
    expect(readFileSync(path.join(DIST_DEMO, file), 'utf8')).not.toContain('wcTimeout')
})

test('the test build takes the same query: the override is followed (the check above is not vacuous)', async ({
  page,
  stack,
  requests,
}) => {
  await useDevWallet(page.context(), stack, freshAccount())
  const demo = new DemoPage(page)
  await demo.goto(HOSTILE_QUERY)
  await demo.connectDevWallet()
  await demo.openAccount()
  await expect.poll(() => requests.some((url) => url.startsWith(ELSEWHERE))).toBe(true)
  await expect(demo.dialog.getByRole('button', { name: 'Receive' })).toHaveCount(0)
})
