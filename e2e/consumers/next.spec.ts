/**
 * A Next.js App Router app (server rendering on every request, StrictMode on) that installs the packed
 * @portico/kernel, @portico/shared-types and the email, send and swaps plugin packages, once per wagmi
 * major (variants.ts). It passes the plugins in `plugins` (bundled mode: no remote is fetched). It
 * builds, connects the dev wallet, wagmi follows and signs, with cookieStorage the server renders the
 * connected account on the next request, hydrating without a mismatch; the plugins send and swap, and
 * email login works from the app's own origin.
 */
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { type Address, parseEther, verifyMessage } from 'viem'
import { freshAccount, setEth, useDevWallet } from '../accountData.ts'
import { DEV_WALLET } from '../demo.ts'
import { expect, test } from '../fixtures.ts'
import { readStackInfo, TMP_DIR } from '../stackInfo.ts'
import {
  buildApp,
  gzipSize,
  jsOnDisk,
  kb,
  packPackages,
  prepareApp,
  startNext,
  type Timings,
} from './consumerApps.ts'
import {
  disconnect,
  emailLoginWithPlugin,
  sendEthWithPlugin,
  swapEthToUsdcWithPlugin,
} from './pluginFlows.ts'
import { variantPort, variantsOf } from './variants.ts'

// Each variant installs and builds on its own: they may run in parallel workers.
test.describe.configure({ mode: 'parallel' })

for (const variant of variantsOf('next-app')) {
  test.describe(`Next.js app, ${variant.id}`, () => {
    const timings: Timings = {}
    let app: { url: string; stop(): Promise<void> } | undefined
    let appDir = ''

    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
    test.beforeAll(async ({}, testInfo) => {
      testInfo.setTimeout(900_000)
      const started = performance.now()
      packPackages(timings)
      appDir = await prepareApp(variant, timings)
      await buildApp(appDir, timings)
      const stack = readStackInfo()
      const chain = stack.chains[0]
      if (!chain) throw new Error('no chain')
      app = await startNext(appDir, variantPort(variant), {
        PORTICO_CHAIN_ID: String(chain.chainId),
        PORTICO_RPC_URL: chain.rpcUrl,
        PORTICO_API_URL: stack.apiUrl,
        PORTICO_AUTH_FRAME_URL: stack.authFrameUrl,
      })
      timings.setupTotal = Math.round(performance.now() - started)
    })

    test.afterAll(async () => {
      await app?.stop()
    })

    test(`packed packages build; SSR + StrictMode connect; wagmi signs; the server renders the cookie-stored account; the plugins send and swap, email login`, async ({
      page,
      context,
      stack,
    }, testInfo) => {
      // Connect, wagmi, two plugin transactions and an email login, each waiting on the chain or the API.
      test.setTimeout(180_000)
      const chain = stack.chains[0]
      if (!chain || !app) throw new Error('no chain or app server')
      const { url } = app
      const account = freshAccount()
      await setEth(chain, account.address, parseEther('10'))
      await useDevWallet(context, stack, account)
      const hydrationErrors: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'error' && /hydrat|#418|#423|#425/i.test(message.text())) {
          hydrationErrors.push(message.text())
        }
      })
      const scripts = new Map<string, number>()
      page.on('response', async (response) => {
        if (response.url().endsWith('.js')) scripts.set(response.url(), gzipSize(await response.body()))
      })
      const output = page.getByRole('status', { name: 'Account', exact: true })

      await test.step('the server renders the disconnected state; the page hydrates', async () => {
        const html = await (await page.request.get(url)).text()
        expect(html).toContain('disconnected - Portico Devnet')
        await page.goto(url)
        await expect(page.getByRole('heading', { name: 'Next.js consumer' })).toBeVisible()
        await expect(output).toHaveText('disconnected - Portico Devnet')
      })
      const firstLoad = [...scripts.values()].reduce((sum, size) => sum + size, 0)

      await test.step('connect the dev wallet from the modal (one modal under StrictMode)', async () => {
        await page.getByRole('button', { name: 'Connect Wallet' }).click()
        const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
        await dialog.getByRole('list', { name: 'Wallets' }).getByRole('button', { name: DEV_WALLET }).click()
        await expect(dialog).toBeHidden()
        await expect(output).toHaveText(`connected ${account.address} Portico Devnet`)
        await expect(page.locator('#portico-modal')).toHaveCount(1)
      })

      await test.step('wagmi follows the connection and signs through Portico', async () => {
        await expect(page.getByRole('status', { name: 'wagmi account' })).toHaveText(
          `connected ${account.address}`,
        )
        await page.getByRole('button', { name: 'Sign message' }).click()
        const output = page.getByRole('status', { name: 'wagmi signature' })
        await expect(output).toHaveText(/^0x[0-9a-f]{130}$/)
        const signature = (await output.textContent()) as `0x${string}`
        expect(
          await verifyMessage({
            address: account.address as Address,
            message: 'Hello from Next.js',
            signature,
          }),
        ).toBe(true)
      })

      await test.step('next request: the server renders the connected account from the cookies, hydration matches', async () => {
        const html = await (await page.request.get(url)).text()
        expect(html).toContain(`connected ${account.address} Portico Devnet`)
        await page.reload()
        await expect(output).toHaveText(`connected ${account.address} Portico Devnet`)
        await expect(page.getByRole('status', { name: 'wagmi account' })).toHaveText(
          `connected ${account.address}`,
        )
        // The wallet restores the session: still connected once the modal is ready.
        await page.getByRole('button', { name: 'Account' }).click()
        await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
        expect(hydrationErrors).toEqual([])
      })

      await test.step('close the Account view', async () => {
        await page.keyboard.press('Escape')
        await expect(page.getByRole('dialog', { name: 'Account' })).toBeHidden()
      })

      await test.step('the send plugin (bundled in the app): ETH to another account', async () => {
        await sendEthWithPlugin(page, chain, account.address, freshAccount().address, '0.5')
      })

      await test.step("the swaps plugin: 1 ETH to USDC through the stack's API and the devnet DEX", async () => {
        await swapEthToUsdcWithPlugin(page, stack, chain, account.address)
      })

      await test.step("the email plugin from the app's origin: disconnect, then log in by emailed code", async () => {
        await disconnect(page)
        await expect(output).toHaveText('disconnected - Portico Devnet')
        await emailLoginWithPlugin(page, stack)
        await expect(output).toHaveText(/^connected 0x[0-9a-fA-F]{40} Portico Devnet$/)
        await expect(output).not.toHaveText(`connected ${account.address} Portico Devnet`)
      })

      const onDisk = jsOnDisk(path.join(appDir, '.next', 'static'))
      const report = {
        app: `next-app ${variant.id}`,
        timingsMs: timings,
        firstLoadJsGzip: firstLoad,
        allJsOnDisk: onDisk,
      }
      writeFileSync(path.join(TMP_DIR, `consumer-next-${variant.id}.json`), JSON.stringify(report, null, 2))
      await testInfo.attach(`consumer-next-${variant.id}`, {
        body: JSON.stringify(report, null, 2),
        contentType: 'application/json',
      })
      console.log(
        `next-app ${variant.id}: first-load JS ${kb(firstLoad)} gzip; all client JS ${kb(onDisk.gzip)} gzip (${onDisk.files} files); ` +
          `setup ${timings.setupTotal} ms (${JSON.stringify(timings)})`,
      )
    })
  })
}
