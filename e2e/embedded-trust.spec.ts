/**
 * The embedded wallet's trust boundary, tried as an attacker on the page would: a script of the dapp's
 * own page (an XSS, a compromised tag) can post to the auth frame exactly what the modal posts, and read
 * everything the page holds. It must get nothing signed, no credential, and nothing it can replay.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { parseEther } from 'viem'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.ts'
import { freshAccount, publicClient, setEth, useDevWallet } from './accountData.ts'
import { emailLogin, mailboxCode, walletApproval } from './authFrame.ts'
import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'

/** What a script of the page does: posts to the frame's window and collects every answer it gets. */
async function attack(page: Page, messages: { id: string; payload: Record<string, unknown> }[]) {
  await page.evaluate((list) => {
    const w = window as unknown as { __stolen?: unknown[] }
    w.__stolen ??= []
    window.addEventListener('message', (event) => w.__stolen?.push(event.data))
    const frame = document.querySelector<HTMLIFrameElement>('iframe[title="Embedded wallet"]')
    if (!frame?.contentWindow) throw new Error('no wallet frame on the page')
    for (const { id, payload } of list)
      frame.contentWindow.postMessage({ id, type: '@portico/app/RPC_REQUEST', payload }, '*')
  }, messages)
}

const answersTo = (page: Page, ids: string[]) =>
  page.evaluate(
    (wanted) =>
      ((window as unknown as { __stolen?: { id?: string; type?: string }[] }).__stolen ?? []).filter(
        (m) => m.id !== undefined && wanted.includes(m.id),
      ),
    ids,
  )

test('a page script gets nothing signed, holds no credential, and nothing it replays works', async ({
  page,
  stack,
}) => {
  test.setTimeout(90_000)
  const chain = stack.chains[0]
  if (!chain) throw new Error('stack.json lacks a chain')
  const { address } = await emailLogin(page, stack)
  await setEth(chain, address, parseEther('10'))
  const attacker = freshAccount().address
  const frameOrigin = new URL(stack.authFrameUrl).origin

  await test.step('RPC_REQUEST posted straight to the frame: without, with a forged, with an app-supplied approval', async () => {
    const transfer = {
      method: 'eth_sendTransaction',
      params: [{ from: address, to: attacker, value: '0x3782dace9d900000' }],
    }
    await attack(page, [
      { id: 'plain', payload: transfer },
      { id: 'forged', payload: { ...transfer, approval: 'F'.repeat(43) } },
      {
        id: 'sign',
        payload: { method: 'personal_sign', params: ['0x6869', address], approval: { any: true } },
      },
    ])
    // The frame waits for the user; it is not shown (no ApproveTransaction view), so nobody can click.
    await page.waitForTimeout(2_000)
    const answers = await answersTo(page, ['plain', 'forged', 'sign'])
    expect(answers.filter((m) => m.type?.endsWith('_SUCCESS'))).toEqual([])
    await expect(page.locator('iframe[title="Embedded wallet"]')).toBeHidden()
    expect(await publicClient(chain).getBalance({ address: attacker })).toBe(0n)
  })

  const rpc = page.getByRole('region', { name: 'RPC requests' })
  const recorded: { url: string; headers: Record<string, string>; body: string }[] = []
  await test.step('the user approves in the frame: the one-time approval is used once', async () => {
    page.on('request', async (request) => {
      if (request.url().startsWith(`${frameOrigin}/api/frame`) && request.postData()?.includes('"approval"'))
        recorded.push({
          url: request.url(),
          headers: await request.allHeaders(),
          body: request.postData() ?? '',
        })
    })
    // The attacker's own requests still wait in the frame: two it withdraws itself, and the first the
    // user sees for what it is (the wallet decodes the recipient and the amount) and rejects.
    await page.evaluate(() => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe[title="Embedded wallet"]')
      for (const id of ['forged', 'sign'])
        frame?.contentWindow?.postMessage(
          { id: `cancel-${id}`, type: '@portico/app/CANCEL_REQUEST', payload: { id } },
          '*',
        )
    })
    await rpc.getByRole('button', { name: 'Sign with getProvider' }).click()
    const wallet = walletApproval(page)
    await expect(wallet.getByRole('heading', { name: 'Send a transaction' })).toBeVisible()
    await expect(wallet.getByText(attacker, { exact: true })).toBeVisible()
    await expect(wallet.getByText('4 ETH', { exact: true })).toBeVisible()
    await wallet.getByRole('button', { name: 'Reject' }).click()
    await expect
      .poll(async () => (await answersTo(page, ['plain']))[0]?.type)
      .toBe('@portico/frame/RPC_REQUEST_ERROR')
    await expect(wallet.getByRole('heading', { name: 'Sign a message' })).toBeVisible()
    await wallet.getByRole('button', { name: 'Approve' }).click()
    await expect(rpc.getByRole('status', { name: 'getProvider signature' })).toHaveText(/^0x[0-9a-f]+$/)
    expect(recorded).toHaveLength(1)
  })

  await test.step('the approved request replayed from Node with every header the browser sent: refused', async () => {
    const [sent] = recorded
    if (!sent) throw new Error('no approved request recorded')
    const headers = Object.fromEntries(Object.entries(sent.headers).filter(([name]) => !name.startsWith(':')))
    const replay = await fetch(sent.url, { method: 'POST', headers, body: sent.body })
    expect(await replay.json()).toMatchObject({ ok: false, code: 4001 })
    // Without the frame's cookie (what a page script could send), nothing is even a session.
    const { cookie: _cookie, ...withoutCookie } = headers
    const forged = await fetch(sent.url, { method: 'POST', headers: withoutCookie, body: sent.body })
    expect((await forged.json()).ok).toBe(false)
  })

  await test.step('clickjacking: Approve stays disabled while the page covers the frame with a decoy', async () => {
    await page.evaluate(() => {
      const decoy = document.createElement('div')
      decoy.id = 'decoy'
      decoy.textContent = 'Claim your prize'
      decoy.style.cssText =
        'position:fixed;inset:0;z-index:2147483647;background:#fff;pointer-events:none;font-size:40px'
      document.body.append(decoy)
    })
    await rpc.getByRole('button', { name: 'Sign with getProvider' }).click()
    const approve = walletApproval(page).getByRole('button', { name: 'Approve' })
    await expect(walletApproval(page).getByRole('heading', { name: 'Sign a message' })).toBeAttached()
    await page.waitForTimeout(1_500)
    await expect(approve).toBeDisabled()
    await page.evaluate(() => document.getElementById('decoy')?.remove())
    await expect(approve).toBeEnabled()
    await walletApproval(page).getByRole('button', { name: 'Reject' }).click()
    await expect(rpc.getByRole('status', { name: 'getProvider signature' })).toHaveText(/^rejected: .*4001/)
  })

  await test.step('the page holds no session credential', async () => {
    const frameCookies = (await page.context().cookies(frameOrigin))
      .map((c) => c.value)
      .filter((v) => v.length >= 40)
    expect(frameCookies.length).toBeGreaterThan(0)
    const pageData = await page.evaluate(() =>
      JSON.stringify({
        local: Object.entries(localStorage),
        session: Object.entries(sessionStorage),
        cookie: document.cookie,
        messages: (window as unknown as { __stolen?: unknown[] }).__stolen,
      }),
    )
    for (const secret of frameCookies) expect(pageData).not.toContain(secret)
    expect(pageData).not.toContain('session_token')
  })
})

test('reload restores the embedded wallet with third-party cookies blocked and allowed', async ({
  page,
  stack,
}) => {
  test.setTimeout(90_000)
  await test.step('blocked (this Chromium’s default)', async () => {
    const { demo, address } = await emailLogin(page, stack)
    await page.reload()
    await expect(demo.accountButton).toBeVisible()
    await expect.poll(async () => (await demo.status()).Address).toBe(address)
  })
  await test.step('allowed (a profile that allows them)', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portico-3pc-'))
    mkdirSync(path.join(dir, 'Default'))
    writeFileSync(
      path.join(dir, 'Default', 'Preferences'),
      JSON.stringify({ profile: { cookie_controls_mode: 0, block_third_party_cookies: false } }),
    )
    const context = await chromium.launchPersistentContext(dir, {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
      baseURL: stack.demoUrl,
    })
    try {
      const allowed = await context.newPage()
      const { demo, address } = await emailLogin(allowed, stack)
      await allowed.reload()
      await expect(demo.accountButton).toBeVisible()
      await expect.poll(async () => (await demo.status()).Address).toBe(address)
    } finally {
      await context.close()
    }
  })
})

test('key export: a fresh code, the key shown only in the frame; in the dev wallet it controls the same address and balance', async ({
  page,
  stack,
  browser,
}) => {
  test.setTimeout(90_000)
  const chain = stack.chains[0]
  if (!chain) throw new Error('stack.json lacks a chain')
  const { demo } = await emailLogin(page, stack)
  // The embedded EOA (the smart account's owner), as the dapp sees it once the type is switched.
  await demo.openAccount()
  await demo.dialog.getByRole('button', { name: 'Switch account type' }).click()
  await demo.dialog.getByRole('button', { name: 'Switch to EOA (externally owned account)' }).click()
  await expect(demo.dialog.getByRole('button', { name: 'Switch to Smart account' })).toBeVisible()
  await expect.poll(async () => (await demo.status()).Wallet).toBe('Email')
  await demo.dialog.getByRole('button', { name: 'Back' }).click()
  await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
  const eoa = (await demo.status()).Address as `0x${string}`
  await setEth(chain, eoa, parseEther('1.5'))

  await page.evaluate(() => {
    const w = window as unknown as { __heard?: unknown[] }
    w.__heard = []
    window.addEventListener('message', (event) => w.__heard?.push(event.data))
  })
  await demo.dialog.getByRole('button', { name: 'Export private key' }).click()
  const wallet = walletApproval(page)
  await expect(wallet.getByRole('heading', { name: 'Export your private key' })).toBeVisible()
  const email = (await page.evaluate(() => localStorage.getItem('@portico/plugin/email/email'))) ?? ''
  const sentAfter = Date.now() - 1_000
  await wallet.getByRole('button', { name: 'Email me a code' }).click()
  await wallet.getByLabel(/^Code sent to /).fill(await mailboxCode(stack, JSON.parse(email), sentAfter))
  await wallet.getByRole('button', { name: 'Show my key' }).click()
  const privateKey = (await wallet
    .getByRole('status', { name: 'Ethereum private key' })
    .innerText()) as `0x${string}`
  expect(privateKey).toMatch(/^0x[0-9a-f]{64}$/)
  expect(await wallet.getByRole('status', { name: 'Ethereum address' }).innerText()).toBe(eoa)
  // Nothing the page received or shows carries it.
  const pageSide = await page.evaluate(() =>
    JSON.stringify({
      heard: (window as unknown as { __heard?: unknown[] }).__heard,
      local: Object.entries(localStorage),
      html: document.documentElement.outerHTML,
    }),
  )
  expect(pageSide).not.toContain(privateKey.slice(2))
  await wallet.getByRole('button', { name: 'Done' }).click()
  await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()

  const other = await browser.newContext({ baseURL: stack.demoUrl })
  try {
    await useDevWallet(other, stack, { privateKey, address: eoa })
    const imported = new DemoPage(await other.newPage())
    await imported.goto()
    await imported.connectDevWallet()
    await expect.poll(async () => (await imported.status()).Address).toBe(eoa)
    await expect.poll(async () => (await imported.status()).Balance).toMatch(/^1\.5/)
  } finally {
    await other.close()
  }
})
