import { appendFileSync, readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { type StaticServer, startStaticServer } from '../scripts/lib/staticServer.ts'
import { freshAccount, useDevWallet } from './accountData.ts'
import { DemoPage } from './demo.ts'
import { buildFixturePlugin } from './fixtures/third-party-plugin/build.ts'
import { expect, test } from './fixtures.ts'
import { TMP_DIR } from './stackInfo.ts'

/**
 * Remotes that can be trusted: a third-party plugin built outside the repository's build and
 * served from its own origin (a loopback port of this spec), redeployed without rebuilding the host; a
 * remote built for another plugin API and tampered remotes are refused before or by evaluation.
 * Fresh accounts: connecting needs no funds.
 */
const OUT = path.join(TMP_DIR, 'third-party-plugins')
/** The test build of the demo the stack serves at `/`: its JS files, sorted. */
const HOST_DIST = path.join(import.meta.dirname, '..', 'dist', 'demo-test')
const hostBuild = () =>
  readdirSync(HOST_DIST)
    .filter((file) => file.endsWith('.js'))
    .sort()
let server: StaticServer

test.beforeAll(async () => {
  rmSync(OUT, { recursive: true, force: true })
  server = await startStaticServer({
    host: '127.0.0.1',
    port: 0,
    mounts: [{ prefix: '/', dir: OUT }],
    cors: true,
  })
})

test.afterAll(async () => {
  await server?.close()
})

const remote = (id: string) => `${server.url}/${id}/remoteEntry.js`
const query = (ids: string[]) =>
  `?${ids.map((id) => `plugin.${id}=${encodeURIComponent(remote(id))}`).join('&')}`

function consoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  return errors
}

async function connectAndOpenAccount(page: Page, stack: Parameters<typeof useDevWallet>[1], search: string) {
  await useDevWallet(page.context(), stack, freshAccount())
  const demo = new DemoPage(page)
  await demo.goto(search)
  await demo.connectDevWallet()
  await demo.openAccount()
  return demo
}

const features = (demo: DemoPage) => demo.dialog.getByRole('navigation', { name: 'Wallet features' })

test('a third-party plugin from a URL in host config adds a view; redeployed alone, the unchanged host runs the new version on the next load', async ({
  page,
  stack,
  requests,
}) => {
  await buildFixturePlugin({ id: 'points', api: '^1.0.0', version: '1.0.0', outDir: OUT })
  const builtHost = hostBuild()
  const demo = await connectAndOpenAccount(page, stack, query(['points']))

  await features(demo).getByRole('button', { name: 'Points points' }).click()
  const view = page.getByRole('dialog', { name: 'Points points' })
  await expect(view.getByText('Points plugin points version 1.0.0')).toBeVisible()
  const hostScripts = () =>
    requests
      .map((url) => new URL(url))
      .filter((url) => url.origin === new URL(stack.demoUrl).origin && url.pathname.endsWith('.js'))
      .map((url) => path.posix.basename(url.pathname))
  const hostEntryBefore = hostScripts().filter((file) => file.startsWith('main.'))

  // The plugin alone is rebuilt and redeployed at the same URL; the demo is neither rebuilt nor told.
  await buildFixturePlugin({ id: 'points', api: '^1.0.0', version: '2.0.0', outDir: OUT })
  await page.reload()
  await expect(demo.accountButton).toBeVisible()
  await demo.openAccount()
  await features(demo).getByRole('button', { name: 'Points points' }).click()
  await expect(view.getByText('Points plugin points version 2.0.0')).toBeVisible()
  await expect(view.getByText(/version 1\.0\.0/)).toHaveCount(0)

  // The host was neither rebuilt nor changed: its build's files are the same, every host script either
  // load fetched is one of them, and the page's entry is the same file. (Which lazy host chunks a load
  // fetches depends on timing, so the two loads' lists are not compared with each other.)
  expect(hostBuild()).toEqual(builtHost)
  expect(hostScripts().filter((file) => !builtHost.includes(file))).toEqual([])
  expect(hostEntryBefore).toHaveLength(1)
  expect(new Set(hostScripts().filter((file) => file.startsWith('main.')))).toEqual(new Set(hostEntryBefore))
  // The manifest was asked for on each load, the new entry by its new hash.
  const manifests = requests.filter((url) => url === `${server.url}/points/mf-manifest.json`)
  expect(manifests.length).toBeGreaterThanOrEqual(2)
  const entries = new Set(requests.filter((url) => url.startsWith(`${remote('points')}?v=`)))
  expect(entries.size).toBe(2)
})

test('a remote built for another plugin API and tampered remotes are refused, naming each; the modal works', async ({
  page,
  stack,
  requests,
}) => {
  await Promise.all([
    buildFixturePlugin({ id: 'future', api: '^9.0.0', version: '9.0.0', outDir: OUT }),
    buildFixturePlugin({ id: 'tampered', api: '^1.0.0', version: '1.0.0', outDir: OUT }),
    buildFixturePlugin({ id: 'chunky', api: '^1.0.0', version: '1.0.0', outDir: OUT }),
    buildFixturePlugin({ id: 'swapped', api: '^1.0.0', version: '1.0.0', outDir: OUT }),
  ])
  // After the build (the manifest keeps the built hashes): the entry of one, the plugin chunk of another.
  appendFileSync(path.join(OUT, 'tampered', 'remoteEntry.js'), '\n;window.__porticoTampered = true;\n')
  const chunk = readdirSync(path.join(OUT, 'chunky')).find((file) => file.startsWith('__federation_expose'))
  if (!chunk) throw new Error('the fixture build emitted no plugin chunk')
  appendFileSync(path.join(OUT, 'chunky', chunk), '\n;window.__porticoTampered = true;\n')

  // An entry swapped between the kernel's check and the script load: only the script tag gets the
  // tampered bytes, so what refuses it is the integrity attribute Chromium enforces on the script.
  await page.route(
    (url) => url.href.startsWith(`${remote('swapped')}?`),
    async (route) => {
      if (route.request().resourceType() !== 'script') return route.continue()
      const genuine = await route.fetch()
      return route.fulfill({
        response: genuine,
        body: `${await genuine.text()}\n;window.__porticoTampered = true;\n`,
      })
    },
  )

  const errors = consoleErrors(page)
  const demo = await connectAndOpenAccount(page, stack, query(['future', 'tampered', 'chunky', 'swapped']))
  const refused = (id: string) =>
    errors.find((text) => text.includes(`plugin "${id}" from ${remote(id)} was refused`))

  await expect
    .poll(() => refused('future'))
    .toContain('its manifest needs plugin API ^9.0.0, this kernel provides')
  await expect.poll(() => refused('tampered')).toContain('remoteEntry.js does not match its integrity hash')
  await expect.poll(() => refused('chunky')).toContain(`${chunk} does not match its integrity hash`)
  await expect
    .poll(() =>
      errors.find((text) => text.includes(`plugin "swapped" failed to load from ${remote('swapped')}`)),
    )
    .toBeTruthy()
  // Nothing of the refused remotes ran; the one built for API ^9 was not even downloaded, and a refused
  // remote is not asked for again when the modal opens again (it was opened twice: Connect, Account).
  expect(
    await page.evaluate(() => (window as { __porticoTampered?: boolean }).__porticoTampered),
  ).toBeUndefined()
  expect(requests.filter((url) => url.startsWith(`${server.url}/future/`))).toEqual([
    `${server.url}/future/mf-manifest.json`,
  ])
  await expect(features(demo).getByRole('button', { name: /^Points / })).toHaveCount(0)

  // The rest of the modal works: Receive (a plugin of the host's own origin) opens.
  await features(demo).getByRole('button', { name: 'Receive' }).click()
  await expect(
    page.getByRole('dialog', { name: 'Receive' }).getByRole('img', { name: 'QR code of your address' }),
  ).toBeVisible()
})
