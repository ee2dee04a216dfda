import type { Response } from '@playwright/test'
import { openFrameHost } from '../authFrame.ts'
import { DemoPage } from '../demo.ts'
import { expect, test } from '../fixtures.ts'

// The https run only (playwright.https.config.ts): what nginx with TLS adds in front of the stack.
test.use({ wallet: { account: 7 } })

test('every origin is https with HSTS, the auth frame cookie is Secure, the relay is wss, plain http is redirected', async ({
  page,
  stack,
}) => {
  const tls = stack.tls
  if (!tls) throw new Error('stack.json has no tls: run with -c e2e/playwright.https.config.ts')
  const services = {
    demo: stack.demoUrl,
    plugins: stack.pluginsUrl,
    api: stack.apiUrl,
    relay: stack.relayUrl,
    authFrame: stack.authFrameUrl,
  }
  const httpsOrigins = new Set(
    Object.values(services).map((url) => new URL(url.replace(/^wss:/, 'https:')).origin),
  )
  // The chains' and the Solana node's RPC stay plain http on loopback (the devnet is not proxied).
  const rpcOrigins = new Set(
    [...stack.chains.map((c) => c.rpcUrl), stack.solana.rpcUrl].map((u) => new URL(u).origin),
  )

  await test.step('the stack gives browsers https and wss origins only', () => {
    expect(new URL(services.relay).protocol).toBe('wss:')
    for (const [name, url] of Object.entries(services))
      if (name !== 'relay') expect(new URL(url).protocol, name).toBe('https:')
  })

  const responses: Response[] = []
  const sockets: string[] = []
  page.on('response', (response) => responses.push(response))
  page.on('websocket', (socket) => sockets.push(socket.url()))
  const demo = new DemoPage(page)

  await test.step('the page and what it loads come over https, each answer with HSTS', async () => {
    await demo.goto()
    await demo.connectDevWallet()
    await demo.openAccount()
    // The Account view is complete once its feature list (plugin remotes) and balance (API) show;
    // only then has the page fetched from both origins.
    await expect(demo.dialog.getByRole('navigation', { name: 'Wallet features' })).toBeVisible()
    await expect.poll(async () => (await demo.status()).Balance).not.toBe('—')
    const origins = () => responses.map((response) => new URL(response.url()).origin)
    await expect.poll(() => origins().includes(new URL(services.plugins).origin)).toBe(true)
    await expect.poll(() => origins().includes(new URL(services.api).origin)).toBe(true)
    const seen = responses.map((response) => new URL(response.url()))
    const plain = seen.filter((url) => url.protocol === 'http:' && !rpcOrigins.has(url.origin))
    expect(plain.map(String)).toEqual([])
    for (const response of responses.filter((r) => httpsOrigins.has(new URL(r.url()).origin)))
      expect(await response.headerValue('strict-transport-security'), response.url()).toBe('max-age=31536000')
  })

  await test.step('WalletConnect opens its relay socket over wss', async () => {
    await page.keyboard.press('Escape')
    await page.reload()
    await demo.accountButton.waitFor()
    await demo.openAccount()
    await demo.dialog.getByRole('button', { name: 'Disconnect' }).click()
    await demo.walletButton('WalletConnect').click()
    await expect(page.getByRole('img', { name: 'WalletConnect QR code' })).toBeVisible()
    await expect.poll(() => sockets.filter((url) => url.startsWith(services.relay)).length).toBeGreaterThan(0)
    expect(sockets.filter((url) => !url.startsWith('wss:'))).toEqual([])
  })

  await test.step("the auth frame's cookies are Secure, on its https origin", async () => {
    const frameOrigin = new URL(services.authFrame).origin
    const cookies: string[] = []
    page.on('response', async (response) => {
      if (new URL(response.url()).origin === frameOrigin) {
        const header = await response.headerValue('set-cookie').catch(() => null)
        if (header) cookies.push(...header.split('\n'))
      }
    })
    const host = await openFrameHost(page, stack)
    expect(host.frameOrigin).toBe(frameOrigin)
    await host.call('IS_CONNECTED')
    await expect.poll(() => cookies.length).toBeGreaterThan(0)
    for (const cookie of cookies) {
      expect(cookie).toMatch(/^__Host-portico_\w+=/)
      expect(cookie).toContain('; Secure')
      expect(cookie).toContain('SameSite=None')
    }
  })

  await test.step('plain http to every nginx port is redirected to its https origin', async () => {
    for (const [name, port] of Object.entries(tls.ports)) {
      // The relay's origin too, which the page only reaches by WebSocket (Node trusts the local CA).
      const secure = await fetch(`https://127.0.0.1:${port}/health`)
      expect(secure.headers.get('strict-transport-security'), name).toBe('max-age=31536000')
      const answer = await fetch(`http://127.0.0.1:${port}/health?x=1`, { redirect: 'manual' })
      expect(answer.status, name).toBe(301)
      expect(answer.headers.get('location'), name).toBe(`https://127.0.0.1:${port}/health?x=1`)
    }
  })
})
