import AxeBuilder from '@axe-core/playwright'
import { verifyMessage } from 'viem'
import { expect, test } from './fixtures.ts'
import { ControlledRelay, WalletConnectPage } from './walletconnect/page.ts'
import { startTestWallet, TEST_WALLET_NAME, type TestWallet } from './walletconnect/wallet.ts'

/** hosts/demo's Sign message text. */
const SIGN_MESSAGE = 'Hello from the Portico demo'
const CONNECTOR_KEY = '@portico/eip155:connected_connector_id'

// No injected wallet: WalletConnect is the only way in.
test.use({ wallet: null })
// Pairing, signing and relay restarts are real network round trips: room for a loaded machine.
test.describe.configure({ timeout: 60_000 })

const wallets: TestWallet[] = []
const relays: ControlledRelay[] = []
test.afterEach(async () => {
  await Promise.all(wallets.splice(0).map((wallet) => wallet.stop()))
  await Promise.all(relays.splice(0).map((relay) => relay.stop()))
})

async function wallet(relayUrl: string): Promise<TestWallet> {
  const started = await startTestWallet({ relayUrl })
  wallets.push(started)
  return started
}

async function relay(): Promise<ControlledRelay> {
  const reserved = await ControlledRelay.reserve()
  relays.push(reserved)
  return reserved
}

// Copy link → the test reads the clipboard, as a visitor would paste it into a wallet.
test.beforeEach(async ({ context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
})

test('pair by copying the link, sign through the relay, reload restores, disconnect ends the session', async ({
  page,
  stack,
}) => {
  const demo = new WalletConnectPage(page)
  const phone = await wallet(stack.relayUrl)
  await demo.goto()

  await test.step('Connect lists WalletConnect; choosing it shows a QR code and Copy link', async () => {
    await demo.openConnect()
    await expect(demo.walletButton('WalletConnect')).toContainText('QR code')
    await demo.walletButton('WalletConnect').click()
    await expect(demo.qrCode).toBeVisible()
    await expect(demo.copyLink).toBeVisible()
    await demo.settle()
    const { violations } = await new AxeBuilder({ page }).analyze()
    expect(violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([])
  })

  await test.step('closing and reopening keeps the same pairing (its uri has not expired)', async () => {
    const shown = await demo.page.evaluate(() =>
      document.querySelector('[aria-label="WalletConnect QR code"] path')?.getAttribute('d'),
    )
    await page.keyboard.press('Escape')
    await expect(demo.dialog).toBeHidden()
    await demo.chooseWalletConnect()
    await expect(demo.qrCode).toBeVisible()
    expect(
      await demo.page.evaluate(() =>
        document.querySelector('[aria-label="WalletConnect QR code"] path')?.getAttribute('d'),
      ),
    ).toBe(shown)
  })

  await test.step('the wallet pairs with the copied uri and approves eip155:31337', async () => {
    await phone.pair(await demo.copyPairingUri())
    await phone.approved()
    await expect(demo.dialog).toBeHidden()
    await expect
      .poll(() => demo.status())
      .toMatchObject({ Status: 'connected', Wallet: TEST_WALLET_NAME, Address: phone.address })
    expect((await demo.porticoStorage())[CONNECTOR_KEY]).toBe('walletConnect')
  })

  await test.step('personal_sign from the page is answered by the wallet through the relay', async () => {
    const signature = await demo.signMessage()
    expect(await verifyMessage({ address: phone.address, message: SIGN_MESSAGE, signature })).toBe(true)
    expect(phone.signRequests).toBe(1)
  })

  await test.step('reload: the stored session is restored and still signs', async () => {
    await page.reload()
    await expect
      .poll(() => demo.status())
      .toMatchObject({ Status: 'connected', Wallet: TEST_WALLET_NAME, Address: phone.address })
    const signature = await demo.signMessage()
    expect(await verifyMessage({ address: phone.address, message: SIGN_MESSAGE, signature })).toBe(true)
    expect(phone.signRequests).toBe(2)
  })

  await test.step('disconnect ends the session at the wallet too', async () => {
    expect(phone.activeSessions()).toHaveLength(1)
    await demo.openAccount()
    await demo.dialog.getByRole('button', { name: 'Disconnect' }).click()
    await expect(page.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
    await expect.poll(() => demo.status()).toMatchObject({ Status: 'disconnected', Address: '—' })
    await expect.poll(() => phone.activeSessions()).toHaveLength(0)
    expect((await demo.porticoStorage())[CONNECTOR_KEY]).toBeUndefined()
  })

  await test.step('a reload after disconnect stays disconnected', async () => {
    await page.reload()
    await expect(demo.connectButton).toBeEnabled()
    await expect.poll(() => demo.status()).toMatchObject({ Status: 'disconnected' })
  })
})

test('relay restarted mid-session: the next signing request still succeeds', async ({ page }) => {
  const own = await relay()
  await own.start()
  const demo = new WalletConnectPage(page)
  const phone = await wallet(own.url)
  await demo.goto(`?relayUrl=${encodeURIComponent(own.url)}`)
  await demo.chooseWalletConnect()
  await phone.pair(await demo.copyPairingUri())
  await expect.poll(() => demo.status()).toMatchObject({ Status: 'connected', Address: phone.address })
  expect(
    await verifyMessage({
      address: phone.address,
      message: SIGN_MESSAGE,
      signature: await demo.signMessage(),
    }),
  ).toBe(true)

  await own.stop()
  await own.start()

  const signature = await demo.signMessage()
  expect(await verifyMessage({ address: phone.address, message: SIGN_MESSAGE, signature })).toBe(true)
  expect(phone.signRequests).toBe(2)
})

test('relay down at connect: our timeout message, then Try again pairs once the relay is up', async ({
  page,
}) => {
  const own = await relay()
  const demo = new WalletConnectPage(page)
  // A deadline shorter than the default 15 s, so the failure shows soon; long enough that the retry
  // (the SDK's relay connection and pairing uri, on a loaded machine) meets it too (3 s did not once).
  await demo.goto(`?relayUrl=${encodeURIComponent(own.url)}&wcTimeout=6000`)
  await demo.chooseWalletConnect()
  await expect(demo.dialog.getByRole('status').filter({ hasText: 'Preparing a QR code' })).toBeVisible()
  await expect(demo.dialog.getByText('Could not reach the WalletConnect relay')).toBeVisible({
    timeout: 12_000,
  })
  await expect(demo.dialog.getByRole('alert')).toHaveText('Check your connection, then try again.')
  await expect(demo.qrCode).toHaveCount(0)

  await own.start()
  const phone = await wallet(own.url)
  await demo.dialog.getByRole('button', { name: 'Try again' }).click()
  await phone.pair(await demo.copyPairingUri())
  await expect(demo.dialog).toBeHidden()
  await expect.poll(() => demo.status()).toMatchObject({ Status: 'connected', Address: phone.address })
})
