import { expect, test } from './fixtures.ts'
import { WalletConnectPage } from './walletconnect/page.ts'
import { startTestWallet, TEST_WALLET_NAME } from './walletconnect/wallet.ts'

// Accounts: the test WalletConnect wallet signs with a fresh key (sign-in needs no funds).
const PROJECT = 'portico-dev'
const SESSION_KEY = '@portico/plugin/siwx/session'

test('SIWX one-click with a WalletConnect wallet: authenticate connects and signs in at once, verified by the server; no separate sign view, not even after a reload', async ({
  page,
  context,
  stack,
}) => {
  test.setTimeout(60_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const phone = await startTestWallet({ relayUrl: stack.relayUrl, authenticate: true })
  try {
    const demo = new WalletConnectPage(page)
    const signIn = page.getByRole('dialog', { name: 'Sign In' })
    // eip155 only: one-click sign-in needs every requested network to be eip155 (behaviour §4).
    await demo.goto('?features=siwx:true&solana=0')
    await demo.chooseWalletConnect()
    await expect(
      page
        .getByRole('dialog', { name: 'WalletConnect' })
        .getByRole('status')
        .filter({ hasText: 'Authenticating...' }),
    ).toBeVisible()
    await phone.pair(await demo.copyPairingUri())
    await phone.approved()

    await expect(demo.dialog).toBeHidden()
    await expect
      .poll(() => demo.status())
      .toMatchObject({ Status: 'connected', Wallet: TEST_WALLET_NAME, 'Sign-in': 'Signed in' })
    await expect(signIn).toHaveCount(0)
    expect(phone.authRequests).toBe(1)
    expect(phone.signRequests).toBe(0)

    const stored = JSON.parse((await demo.porticoStorage())[SESSION_KEY] ?? 'null') as {
      caipAddress?: string
      token?: string
      message?: string
      signature?: string
    } | null
    await test.step('the stored session is the wallet’s CAIP-122 message (with its ReCap), vouched for by the server', async () => {
      expect(stored?.caipAddress).toBe(`eip155:31337:${phone.address}`)
      expect(stored?.message).toBe(phone.lastAuthMessage)
      expect(stored?.message).toContain('I further authorize the stated URI to perform the following actions')
      const session = await page.request.post(`${stack.apiUrl}/v1/siwx/session?projectId=${PROJECT}`, {
        data: { token: stored?.token },
      })
      expect(session.status()).toBe(200)
      expect((await session.json()).caipAddress).toBe(stored?.caipAddress)
      const replay = await page.request.post(`${stack.apiUrl}/v1/siwx/verify?projectId=${PROJECT}`, {
        data: { message: stored?.message, signature: stored?.signature },
      })
      expect(replay.status()).toBe(401)
    })

    await test.step('reload: the WalletConnect session and the sign-in are restored, nothing asked', async () => {
      await page.reload()
      await expect
        .poll(() => demo.status())
        .toMatchObject({ Status: 'connected', Wallet: TEST_WALLET_NAME, 'Sign-in': 'Signed in' })
      await expect(signIn).toHaveCount(0)
      expect(phone.signRequests).toBe(0)
    })
  } finally {
    await phone.stop()
  }
})

test('one-click sign-in with a wallet that signs another nonce: refused (the SDK checks the cacao against the request, the kernel again), the connection fails, no session', async ({
  page,
  context,
  stack,
}) => {
  test.setTimeout(60_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const phone = await startTestWallet({ relayUrl: stack.relayUrl, authenticate: 'wrong-nonce' })
  try {
    const demo = new WalletConnectPage(page)
    await demo.goto('?features=siwx:true&solana=0')
    await demo.chooseWalletConnect()
    await phone.pair(await demo.copyPairingUri())
    const view = page.getByRole('dialog', { name: 'WalletConnect' })
    await expect(view.getByRole('alert')).toContainText(
      /nonce mismatch|The wallet signed a different sign-in request/,
    )
    await expect(view.getByRole('button', { name: 'Try again' })).toBeVisible()
    await expect.poll(() => demo.status()).toMatchObject({ Status: 'disconnected', 'Sign-in': '—' })
    expect((await demo.porticoStorage())[SESSION_KEY]).toBeUndefined()
    expect(phone.authRequests).toBe(1)
  } finally {
    await phone.stop()
  }
})
