import AxeBuilder from '@axe-core/playwright'
import { formatSiwxMessage } from '@portico/api'
import { Keypair } from '@solana/web3.js'
import { parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { freshAccount, setEth, useDevWallet } from './accountData.ts'
import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'
import { WalletConnectPage } from './walletconnect/page.ts'
import { startTestWallet, TEST_WALLET_NAME } from './walletconnect/wallet.ts'

// Accounts: a fresh key per test funded with anvil_setBalance (every dev account index is taken).
const PROJECT = 'portico-dev'
const SESSION_KEY = '@portico/plugin/siwx/session'

interface StoredSession {
  caipAddress: string
  token: string
  message: string
  signature: string
}

const signInDialog = (demo: DemoPage) => demo.page.getByRole('dialog', { name: 'Sign In' })

async function connectToSignIn(demo: DemoPage): Promise<void> {
  await demo.openConnect()
  await demo.walletButton().click()
  await expect(signInDialog(demo)).toBeVisible()
  await expect(demo.dialog.getByRole('region', { name: 'Message to sign' })).toContainText(
    'wants you to sign in with your Ethereum account:',
  )
}

test('SIWX with the dev wallet: declined, then signed and verified by the server; a reload keeps the session; a replay is refused', async ({
  page,
  stack,
}) => {
  const chain = stack.chains[0]
  if (!chain) throw new Error('stack.json lacks a chain')
  const account = freshAccount()
  await setEth(chain, account.address, parseEther('1'))
  await useDevWallet(page.context(), stack, account, { autoReject: ['personal_sign'] })
  const demo = new DemoPage(page)
  await demo.goto('?features=siwx:true')
  await connectToSignIn(demo)
  await expect(demo.dialog).toContainText(account.address)

  await test.step('the wallet declines: Signature declined, the sign view stays', async () => {
    await demo.dialog.getByRole('button', { name: 'Sign' }).click()
    await expect(demo.dialog.getByRole('alert')).toHaveText('Signature declined')
    await expect(signInDialog(demo)).toBeVisible()
  })

  await test.step('the wallet signs: the modal closes and the page shows Signed in', async () => {
    await page.evaluate(() => {
      const config = (window as { __PORTICO_DEV_WALLET__?: { autoReject?: string[] } }).__PORTICO_DEV_WALLET__
      if (config) config.autoReject = []
    })
    await demo.dialog.getByRole('button', { name: 'Sign' }).click()
    await expect(demo.dialog).toBeHidden()
    await expect.poll(() => demo.status()).toMatchObject({ Status: 'connected', 'Sign-in': 'Signed in' })
  })

  const stored = JSON.parse((await demo.porticoStorage())[SESSION_KEY] ?? 'null') as StoredSession | null
  await test.step('the server vouches for the session; the same signed message cannot be verified again', async () => {
    expect(stored?.caipAddress).toBe(`eip155:${chain.chainId}:${account.address}`)
    const session = await page.request.post(`${stack.apiUrl}/v1/siwx/session?projectId=${PROJECT}`, {
      data: { token: stored?.token },
    })
    expect(session.status()).toBe(200)
    expect((await session.json()).caipAddress).toBe(stored?.caipAddress)
    const replay = await page.request.post(`${stack.apiUrl}/v1/siwx/verify?projectId=${PROJECT}`, {
      data: { message: stored?.message, signature: stored?.signature },
    })
    expect(replay.status()).toBe(401)
    expect((await replay.json()).message).toMatch(/Nonce unknown or already used/)
  })

  await test.step('an expired message signed by the same account is refused by the server', async () => {
    const nonce = await page.request.get(`${stack.apiUrl}/v1/siwx/nonce?projectId=${PROJECT}`)
    const hourAgo = Date.now() - 3_600_000
    const demoUrl = new URL(page.url())
    const message = formatSiwxMessage({
      namespace: 'eip155',
      domain: demoUrl.host,
      accountAddress: account.address,
      uri: `${demoUrl.origin}/`,
      version: '1',
      chainId: String(chain.chainId),
      nonce: (await nonce.json()).nonce,
      issuedAt: new Date(Date.now()).toISOString(),
      expirationTime: new Date(hourAgo).toISOString(),
    })
    const signature = await privateKeyToAccount(account.privateKey).signMessage({ message })
    const expired = await page.request.post(`${stack.apiUrl}/v1/siwx/verify?projectId=${PROJECT}`, {
      data: { message, signature },
    })
    expect(expired.status()).toBe(401)
    expect((await expired.json()).message).toBe('The message has expired (Expiration Time)')
  })

  await test.step('reload: the connection and the session are restored, no new signature asked', async () => {
    await page.reload()
    await expect(demo.accountButton).toBeVisible()
    await demo.openAccount()
    await expect.poll(() => demo.status()).toMatchObject({ Status: 'connected', 'Sign-in': 'Signed in' })
    await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
  })
})

test('SIWX required: the sign view cannot be closed, and cancelling disconnects', async ({ page, stack }) => {
  const chain = stack.chains[0]
  if (!chain) throw new Error('stack.json lacks a chain')
  const account = freshAccount()
  await setEth(chain, account.address, parseEther('1'))
  await useDevWallet(page.context(), stack, account)
  const demo = new DemoPage(page)
  await demo.goto('?features=siwx:true&siwxRequired=1')
  await connectToSignIn(demo)
  await expect(demo.dialog).toContainText('Canceling will disconnect you')
  await demo.settle()
  const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze()
  expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([])

  await test.step('no Close button; Escape and the backdrop leave it open', async () => {
    await expect(demo.dialog.getByRole('button', { name: 'Close' })).toHaveCount(0)
    await page.keyboard.press('Escape')
    await page.mouse.click(5, 5)
    await expect(signInDialog(demo)).toBeVisible()
  })

  await test.step('Cancel disconnects and shows Connect', async () => {
    await demo.dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
    await expect.poll(() => demo.status()).toMatchObject({ Status: 'disconnected', 'Sign-in': '—' })
  })

  await test.step('connecting again asks again; signing lets the modal close', async () => {
    await demo.walletButton().click()
    await expect(signInDialog(demo)).toBeVisible()
    await demo.dialog.getByRole('button', { name: 'Sign' }).click()
    await expect(demo.dialog).toBeHidden()
    await expect.poll(() => demo.status()).toMatchObject({ Status: 'connected', 'Sign-in': 'Signed in' })
  })
})

test('SIWX with the Solana dev wallet: a CAIP-122 message signed with ed25519, verified by the server', async ({
  page,
  stack,
}) => {
  // A fresh keypair (signing needs no funds) and a fresh EVM key for the wallet's other side.
  const keypair = Keypair.generate()
  const base = stack.solana.accounts[0]?.walletConfig as { solana?: Record<string, unknown> } | undefined
  if (!base?.solana) throw new Error('stack.json lacks the Solana dev wallet config')
  const config = {
    ...base,
    privateKey: generatePrivateKey(),
    solana: { ...base.solana, secretKey: Array.from(keypair.secretKey) },
  }
  await page.context().addInitScript(`window.__PORTICO_DEV_WALLET__=${JSON.stringify(config)}`)
  await page.context().addInitScript({ path: stack.devWalletBundle })
  const demo = new DemoPage(page)
  await demo.goto('?features=siwx:true')
  await demo.openConnect()
  await (await demo.walletNamespace('Solana')).click()
  await expect(signInDialog(demo)).toBeVisible()
  const address = keypair.publicKey.toBase58()
  await expect(demo.dialog.getByRole('region', { name: 'Message to sign' })).toContainText(
    `wants you to sign in with your Solana account:\n${address}`,
  )
  await demo.dialog.getByRole('button', { name: 'Sign' }).click()
  await expect(demo.dialog).toBeHidden()
  await expect.poll(() => demo.status()).toMatchObject({ Status: 'connected', 'Sign-in': 'Signed in' })
  const stored = JSON.parse((await demo.porticoStorage())[SESSION_KEY] ?? 'null') as StoredSession | null
  expect(stored?.caipAddress).toBe(`${stack.solana.networkId}:${address}`)
  const session = await page.request.post(`${stack.apiUrl}/v1/siwx/session?projectId=${PROJECT}`, {
    data: { token: stored?.token },
  })
  expect(session.status()).toBe(200)
})

test('SIWX with a WalletConnect wallet: personal_sign through the relay, verified by the server', async ({
  page,
  context,
  stack,
}) => {
  test.setTimeout(60_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const phone = await startTestWallet({ relayUrl: stack.relayUrl })
  try {
    const demo = new WalletConnectPage(page)
    await demo.goto('?features=siwx:true')
    await demo.chooseWalletConnect()
    await phone.pair(await demo.copyPairingUri())
    await phone.approved()
    await expect(signInDialog(demo)).toBeVisible()
    await expect(demo.dialog).toContainText(phone.address)
    await demo.dialog.getByRole('button', { name: 'Sign' }).click()
    await expect(demo.dialog).toBeHidden()
    await expect
      .poll(() => demo.status())
      .toMatchObject({ Status: 'connected', Wallet: TEST_WALLET_NAME, 'Sign-in': 'Signed in' })
    expect(phone.signRequests).toBe(1)
    const stored = JSON.parse((await demo.porticoStorage())[SESSION_KEY] ?? 'null') as StoredSession | null
    expect(stored?.caipAddress).toBe(`eip155:31337:${phone.address}`)
    const session = await page.request.post(`${stack.apiUrl}/v1/siwx/session?projectId=${PROJECT}`, {
      data: { token: stored?.token },
    })
    expect(session.status()).toBe(200)
  } finally {
    await phone.stop()
  }
})
