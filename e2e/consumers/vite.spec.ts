/**
 * A Vite React app (StrictMode, wagmi) that installs the packed @portico/kernel, @portico/shared-types
 * and the email, send and swaps plugin packages, once per variant (wagmi 2 and 3 × React 18 and 19;
 * variants.ts). Its build copies the plugins' remotes into public/plugins with `portico-plugins copy`
 * (remote mode), typechecks and bundles; it connects the dev wallet through the modal, wagmi's
 * useAccount / useSendTransaction / useSignMessage work through Portico on the devnet, the plugins send
 * and swap, and email login works from the app's own origin.
 */
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { type Address, parseEther, verifyMessage } from 'viem'
import { type StaticServer, startStaticServer } from '../../scripts/lib/staticServer.ts'
import { freshAccount, readEth, setEth, useDevWallet } from '../accountData.ts'
import { DEV_WALLET } from '../demo.ts'
import { expect, test } from '../fixtures.ts'
import { TMP_DIR } from '../stackInfo.ts'
import { continuePreview } from '../transactionPreview.ts'
import { buildApp, gzipSize, jsOnDisk, kb, packPackages, prepareApp, type Timings } from './consumerApps.ts'
import {
  disconnect,
  emailLoginWithPlugin,
  sendEthWithPlugin,
  swapEthToUsdcWithPlugin,
} from './pluginFlows.ts'
import { variantPort, variantsOf } from './variants.ts'

// Each variant installs and builds on its own: they may run in parallel workers.
test.describe.configure({ mode: 'parallel' })

for (const variant of variantsOf('vite-app')) {
  test.describe(`Vite app, ${variant.id}`, () => {
    const timings: Timings = {}
    let server: StaticServer | undefined
    let dist = ''

    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
    test.beforeAll(async ({}, testInfo) => {
      testInfo.setTimeout(600_000)
      const started = performance.now()
      packPackages(timings)
      const dir = await prepareApp(variant, timings)
      await buildApp(dir, timings)
      dist = path.join(dir, 'dist')
      server = await startStaticServer({
        host: '127.0.0.1',
        port: variantPort(variant),
        mounts: [{ prefix: '/', dir: dist }],
      })
      timings.setupTotal = Math.round(performance.now() - started)
    })

    test.afterAll(async () => {
      await server?.close()
    })

    test(`packed packages typecheck (their .d.ts) and build; connect, wagmi sends and signs, ethers signs, the plugins send and swap, email login`, async ({
      page,
      context,
      stack,
    }, testInfo) => {
      // Connect, wagmi, two plugin transactions and an email login, each waiting on the chain or the API.
      test.setTimeout(180_000)
      const chain = stack.chains[0]
      if (!chain || !server) throw new Error('no chain or app server')
      const sender = freshAccount()
      const recipient = freshAccount().address
      await setEth(chain, sender.address, parseEther('10'))
      await useDevWallet(context, stack, sender)

      const scripts = new Map<string, number>()
      page.on('response', async (response) => {
        if (response.url().endsWith('.js')) scripts.set(response.url(), gzipSize(await response.body()))
      })
      const query = new URLSearchParams({
        chainId: String(chain.chainId),
        rpc: chain.rpcUrl,
        api: stack.apiUrl,
        frame: stack.authFrameUrl,
        to: recipient,
      })
      // localhost: the origin the stack lists for the dev project (the server listens on 127.0.0.1).
      await page.goto(`http://localhost:${variantPort(variant)}/?${query}`)
      await expect(page.getByRole('heading', { name: 'Vite consumer' })).toBeVisible()
      const accounts = page.getByRole('definition')
      await expect(accounts).toHaveText(['disconnected -', 'disconnected - -'])
      const firstLoad = [...scripts.values()].reduce((sum, size) => sum + size, 0)

      await test.step('connect the dev wallet from the Portico modal: both Portico and wagmi see it', async () => {
        await page.getByRole('button', { name: 'Connect Wallet' }).click()
        const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
        await dialog.getByRole('list', { name: 'Wallets' }).getByRole('button', { name: DEV_WALLET }).click()
        await expect(dialog).toBeHidden()
        await expect(accounts).toHaveText([
          `connected ${sender.address}`,
          `connected ${sender.address} ${chain.chainId}`,
        ])
        // StrictMode mounted, unmounted and mounted the provider: still one modal in the page.
        await expect(page.locator('#portico-modal')).toHaveCount(1)
      })

      await test.step("wagmi's useSendTransaction: the recipient's balance changes on the chain", async () => {
        await page.getByRole('button', { name: 'Send 0.25 ETH' }).click()
        // wagmi's request passes the kernel's pipeline: the preview shows it before the wallet does.
        await continuePreview(page, ['−0.25 ETH'])
        await expect(page.getByRole('status', { name: 'Transaction' })).toHaveText(/^0x[0-9a-f]{64}$/)
        await expect.poll(() => readEth(chain, recipient)).toBe(parseEther('0.25'))
      })

      await test.step("wagmi's useSignMessage: a signature of the connected account", async () => {
        await page.getByRole('button', { name: 'Sign message' }).click()
        const output = page.getByRole('status', { name: 'wagmi signature' })
        await expect(output).toHaveText(/^0x[0-9a-f]{130}$/)
        const signature = (await output.textContent()) as `0x${string}`
        expect(
          await verifyMessage({ address: sender.address as Address, message: 'Hello from wagmi', signature }),
        ).toBe(true)
      })

      await test.step('ethers v6: BrowserProvider over handle.getProvider() signs with the same account', async () => {
        await page.getByRole('button', { name: 'Sign with ethers' }).click()
        const output = page.getByRole('status', { name: 'ethers signature' })
        await expect(output).toHaveText(/^0x[0-9a-f]{130}$/)
        const signature = (await output.textContent()) as `0x${string}`
        expect(
          await verifyMessage({
            address: sender.address as Address,
            message: 'Hello from ethers',
            signature,
          }),
        ).toBe(true)
      })

      await test.step("the send plugin (a remote from the app's public/plugins): ETH to another account", async () => {
        await sendEthWithPlugin(page, chain, sender.address, freshAccount().address, '0.5')
      })

      await test.step("the swaps plugin: 1 ETH to USDC through the stack's API and the devnet DEX", async () => {
        await swapEthToUsdcWithPlugin(page, stack, chain, sender.address)
      })

      await test.step("the email plugin from the app's origin: disconnect, then log in by emailed code", async () => {
        await disconnect(page)
        await expect(accounts).toHaveText(['disconnected -', 'disconnected - -'])
        await emailLoginWithPlugin(page, stack)
        await expect(accounts.first()).toHaveText(/^connected 0x[0-9a-fA-F]{40}$/)
        await expect(accounts.first()).not.toHaveText(`connected ${sender.address}`)
      })

      const onDisk = jsOnDisk(dist)
      const report = {
        app: `vite-app ${variant.id}`,
        timingsMs: timings,
        firstLoadJsGzip: firstLoad,
        allJsOnDisk: onDisk,
      }
      writeFileSync(path.join(TMP_DIR, `consumer-vite-${variant.id}.json`), JSON.stringify(report, null, 2))
      await testInfo.attach(`consumer-vite-${variant.id}`, {
        body: JSON.stringify(report, null, 2),
        contentType: 'application/json',
      })
      console.log(
        `vite-app ${variant.id}: first-load JS ${kb(firstLoad)} gzip; all JS ${kb(onDisk.gzip)} gzip (${onDisk.files} files); ` +
          `setup ${timings.setupTotal} ms (${JSON.stringify(timings)})`,
      )
    })
  })
}
