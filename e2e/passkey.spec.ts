/**
 * Passkey login of the embedded wallet, with Chromium's virtual authenticator (CDP WebAuthn): a new
 * wallet made with a passkey, reload, sign-out, sign-in with the passkey, and a signature the chain
 * verifies for the account; a passkey added to an email account signs in to that account.
 *
 * Browsers refuse WebAuthn on an IP address, and the stack serves its frame on 127.0.0.1 (cross-site to
 * the demo on localhost). So this spec serves its own auth frame on `localhost`, on the same chains,
 * and points the demo at it (`?authFrameUrl=`, test build only).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { CDPSession, Page } from '@playwright/test'
import { type AuthFrameServer, startAuthFrame } from '@portico/auth-frame'
import { publicClient } from './accountData.ts'
import { firstCodeBox, mailboxCode, walletApproval } from './authFrame.ts'
import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'
import type { StackInfo } from './stackInfo.ts'

// Must match hosts/demo/src/RpcPanel.tsx.
const PROVIDER_MESSAGE = 'Signed through getProvider()'

let frame: AuthFrameServer
let dataDir: string

test.beforeAll(async ({ stack }) => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'portico-passkey-frame-'))
  frame = await startAuthFrame({
    host: 'localhost',
    port: 0,
    projects: { 'portico-dev': { allowedOrigins: [new URL(stack.demoUrl).origin] } },
    chains: stack.chains.map(({ chainId, rpcUrl, name }) => ({ chainId, rpcUrl, name })),
    database: { kind: 'sqlite', file: path.join(dataDir, 'frame.sqlite') },
    serverKeyFile: path.join(dataDir, 'server-key'),
    devMailbox: true,
    logLevel: 'silent',
  })
})

test.afterAll(async () => {
  await frame?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
})

/** A platform authenticator with user verification that answers at once (no prompt to click). */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return { cdp, authenticatorId }
}

const demoQuery = () => `?authFrameUrl=${encodeURIComponent(frame.frameUrl)}`

async function openPasskeyView(demo: DemoPage, page: Page) {
  await demo.openConnect()
  await demo.dialog.getByRole('button', { name: 'Continue with a passkey' }).click()
  await expect(page.getByRole('dialog', { name: 'Passkey' })).toBeVisible()
  return walletApproval(page)
}

async function signedMessageVerifies(page: Page, stack: StackInfo, address: string): Promise<boolean> {
  const chain = stack.chains[0]
  if (!chain) throw new Error('stack.json lacks a chain')
  const rpc = page.getByRole('region', { name: 'RPC requests' })
  await rpc.getByRole('button', { name: 'Sign with getProvider' }).click()
  const approval = walletApproval(page)
  await expect(approval.getByRole('heading', { name: 'Sign a message' })).toBeVisible()
  await approval.getByRole('button', { name: 'Approve' }).click()
  const output = rpc.getByRole('status', { name: 'getProvider signature' })
  await expect(output).toHaveText(/^0x[0-9a-f]+$/)
  return publicClient(chain).verifyMessage({
    address: address as `0x${string}`,
    message: PROVIDER_MESSAGE,
    signature: (await output.innerText()) as `0x${string}`,
  })
}

/** Disconnect, reload, then *Use my passkey* in the frame: the same wallet connects again. */
async function signOutThenInWithPasskey(demo: DemoPage, page: Page, address: string) {
  await demo.openAccount()
  await demo.dialog.getByRole('button', { name: 'Disconnect' }).click()
  await expect.poll(() => demo.status()).toMatchObject({ Status: 'disconnected' })
  await page.reload()
  const wallet = await openPasskeyView(demo, page)
  await wallet.getByRole('button', { name: 'Use my passkey' }).click()
  await expect(demo.accountButton).toBeVisible()
  await expect.poll(async () => (await demo.status()).Address).toBe(address)
}

test('a passkey makes the wallet, survives a reload, signs back in, and its wallet signs what the chain verifies', async ({
  page,
  stack,
}) => {
  test.setTimeout(90_000)
  const { cdp, authenticatorId } = await virtualAuthenticator(page)
  const demo = new DemoPage(page)
  await demo.goto(demoQuery())
  let address = ''

  await test.step('sign-up: Continue with a passkey → Create a new passkey, in the frame', async () => {
    const wallet = await openPasskeyView(demo, page)
    await expect(wallet.getByRole('heading', { name: 'Sign in with a passkey' })).toBeVisible()
    await wallet.getByRole('button', { name: 'Create a new passkey' }).click()
    await expect(demo.accountButton).toBeVisible()
    await expect.poll(async () => (await demo.status()).Address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    address = (await demo.status()).Address ?? ''
    // The passkey is the frame's: made for its host, never for the page.
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
    expect(credentials.map((c) => [c.rpId, c.isResidentCredential])).toEqual([['localhost', true]])
  })

  await test.step('reload: the session comes back through the frame', async () => {
    await page.reload()
    await expect(demo.accountButton).toBeVisible()
    expect((await demo.status()).Address).toBe(address)
  })

  await test.step('sign-out, then sign-in with the passkey: the same wallet', async () => {
    await signOutThenInWithPasskey(demo, page, address)
    // The frame's backend holds the authenticator's counter as it last verified it.
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
    const [credential] = credentials
    if (!credential) throw new Error('the authenticator holds no credential')
    const stored = await frame.store.driver.all<{ counter: number | string }>(
      'SELECT counter FROM passkeys WHERE credential_id = ?',
      [Buffer.from(credential.credentialId, 'base64').toString('base64url')],
    )
    expect(stored.map((row) => Number(row.counter))).toEqual([credential.signCount])
  })

  await test.step('a signature still needs the frame’s approval, and the chain verifies it', async () => {
    expect(await signedMessageVerifies(page, stack, address)).toBe(true)
  })
})

test('a passkey added to an email account signs in to that account', async ({ page, stack }) => {
  test.setTimeout(90_000)
  await virtualAuthenticator(page)
  const demo = new DemoPage(page)
  await demo.goto(demoQuery())
  const email = `passkey-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@portico.test`

  const sentAfter = Date.now() - 1_000
  await demo.openConnect()
  await demo.dialog.getByLabel('Email').fill(email)
  await demo.dialog.getByRole('button', { name: 'Continue', exact: true }).click()
  await expect(page.getByRole('dialog', { name: 'Confirm Email' })).toBeVisible()
  const code = await mailboxCode({ ...stack, mailboxUrl: frame.mailboxUrl ?? '' }, email, sentAfter)
  await firstCodeBox(demo.dialog).fill(code)
  await expect(demo.accountButton).toBeVisible()
  await expect.poll(async () => (await demo.status()).Address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  const address = (await demo.status()).Address

  await demo.openAccount()
  await demo.dialog.getByRole('button', { name: 'Add a passkey' }).click()
  const wallet = walletApproval(page)
  await expect(wallet.getByRole('heading', { name: 'Add a passkey' })).toBeVisible()
  await wallet.getByRole('button', { name: 'Add a passkey' }).click()
  await expect(page.getByText('Passkey added')).toBeVisible()

  await demo.dialog.getByRole('button', { name: 'Close' }).click()
  await signOutThenInWithPasskey(demo, page, address ?? '')
})
