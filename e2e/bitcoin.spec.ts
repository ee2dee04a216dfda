/**
 * Bitcoin (bip122) end to end: the Portico Dev Wallet's Bitcoin side (a Wallet Standard wallet in the
 * page: bitcoin:connect, bitcoin:signMessage) against the devnet's bcoin regtest node, read through
 * the blockchain API. Balances are read from the node by the test itself; signatures are verified
 * with bitcoinjs-message.
 */
import type { Page } from '@playwright/test'
import bitcoinMessage from 'bitcoinjs-message'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { setBalance, truncate } from './chain.ts'
import { DEV_WALLET, DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'
import type { StackBitcoin } from './stackInfo.ts'

/** BITCOIN_DEV_ACCOUNTS[0] (only this spec uses the Bitcoin dev accounts); the EVM side is a fresh key. */
const ACCOUNT = 0
/** hosts/demo's message. */
const SIGN_MESSAGE = 'Hello from the Portico demo'
const BITCOIN_CONNECTOR_ID = 'walletStandard:bitcoin:Portico Dev Wallet'

test.use({ wallet: null })
test.describe.configure({ timeout: 60_000 })

/**
 * The address's BTC (confirmed and unconfirmed coins) from the node's own index, in sats. Each
 * outpoint once: the node lists a confirmed transaction's outputs twice while it connects its block.
 */
async function nodeSats(bitcoin: StackBitcoin, address: string): Promise<bigint> {
  const response = await fetch(`${bitcoin.nodeUrl}/coin/address/${address}`, {
    headers: { authorization: `Basic ${Buffer.from(`x:${bitcoin.apiKey}`).toString('base64')}` },
  })
  const coins = (await response.json()) as { hash: string; index: number; value: number }[]
  const outpoints = new Map(coins.map((coin) => [`${coin.hash}:${coin.index}`, BigInt(coin.value)]))
  return [...outpoints.values()].reduce((sum, value) => sum + value, 0n)
}

/** behaviour §9: floored to 3 decimals, en-US grouping, then the symbol: 8.49999 → "8.499 BTC". */
function formatBtc(sats: bigint): string {
  const unit = 100_000_000n
  const whole = new Intl.NumberFormat('en-US').format(sats / unit)
  return `${whole}.${((sats % unit) / 100_000n).toString().padStart(3, '0')} BTC`
}

/** The dev wallet's namespaces, listed under its one row in the Connect view. */
const bitcoinSide = (demo: DemoPage) => demo.walletNamespace('Bitcoin')
const evmSide = (demo: DemoPage) => demo.walletNamespace('EVM')
const accountButton = (page: Page) => page.getByRole('button', { name: /^Open account / })

async function openNetworks(demo: DemoPage, current: string) {
  await accountButton(demo.page).click()
  await expect(demo.page.getByRole('dialog', { name: 'Account' })).toBeVisible()
  await demo.dialog.getByRole('button', { name: `${current} Switch network` }).click()
  const networks = demo.page.getByRole('dialog', { name: 'Choose Network' })
  await expect(networks).toBeVisible()
  return networks
}

let evmAddress: `0x${string}`

test.beforeEach(async ({ context, stack }) => {
  const base = stack.bitcoin?.accounts[ACCOUNT]?.walletConfig
  const chainA = stack.chains[0]
  if (!base || !chainA) throw new Error('stack.json lacks the Bitcoin dev account or a chain')
  const privateKey = generatePrivateKey()
  evmAddress = privateKeyToAccount(privateKey).address
  await setBalance(chainA.rpcUrl, evmAddress, '42.4242')
  await context.addInitScript(`window.__PORTICO_DEV_WALLET__=${JSON.stringify({ ...base, privateKey })}`)
  await context.addInitScript({ path: stack.devWalletBundle })
})

test('connect the Bitcoin dev wallet: the node’s BTC balance, a verified signature, restored after a reload', async ({
  page,
  stack,
}) => {
  const bitcoin = stack.bitcoin as StackBitcoin
  const address = bitcoin.accounts[ACCOUNT]?.address ?? ''
  const balance = formatBtc(await nodeSats(bitcoin, address))
  const demo = new DemoPage(page)
  await demo.goto('?bitcoin=1')

  await test.step('bitcoin:connect: the payment address and the node’s balance', async () => {
    await demo.openConnect()
    await expect(demo.walletButton(DEV_WALLET)).toHaveText(`${DEV_WALLET}EVMBitcoinInstalled`)
    await (await bitcoinSide(demo)).click()
    await expect(demo.dialog).toBeHidden()
    await expect(accountButton(page)).toContainText(`${truncate(address)} · ${balance}`)
    await expect
      .poll(() => demo.status())
      .toMatchObject({ Status: 'connected', Address: address, Network: bitcoin.name, Balance: balance })
    const stored = await demo.porticoStorage()
    expect(stored).toMatchObject({
      '@portico/connection_status': 'connected',
      '@portico/bip122:connected_connector_id': BITCOIN_CONNECTOR_ID,
      '@portico/active_caip_network_id': bitcoin.networkId,
    })
  })

  await test.step('Sign Bitcoin message: bitcoinjs-message verifies it for the address', async () => {
    await page.getByRole('button', { name: 'Sign Bitcoin message' }).click()
    const output = page.getByRole('status', { name: 'Bitcoin signature' })
    await expect(output).toHaveText(/^[A-Za-z0-9+/]{87}=$/)
    const signature = (await output.textContent()) ?? ''
    expect(bitcoinMessage.verify(SIGN_MESSAGE, address, signature)).toBe(true)
    expect(bitcoinMessage.verify(`${SIGN_MESSAGE}!`, address, signature)).toBe(false)
  })

  await test.step('Activity lists the funding transfer from the node; Receive shows the address and its QR', async () => {
    await accountButton(page).click()
    await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
    await demo.dialog.getByRole('tab', { name: 'Activity' }).click()
    const activity = demo.dialog.getByRole('tabpanel', { name: 'Activity' })
    const items = activity.getByRole('list', { name: 'Transactions' }).getByRole('listitem')
    // The devnet funds every Bitcoin dev account with 10 BTC at start (a confirmed transaction).
    await expect(items.last()).toHaveAccessibleName(/^Received, \+10\.000 BTC, /)
    await demo.dialog
      .getByRole('navigation', { name: 'Wallet features' })
      .getByRole('button', { name: 'Receive' })
      .click()
    const receive = page.getByRole('dialog', { name: 'Receive' })
    await expect(receive.getByRole('img', { name: 'QR code of your address' })).toBeVisible()
    await expect(receive.getByText(address, { exact: true })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(demo.dialog).toBeHidden()
  })

  await test.step('reload: restored silently from the wallet authorization', async () => {
    await page.reload()
    await expect
      .poll(() => demo.status())
      .toMatchObject({ Status: 'connected', Address: address, Network: bitcoin.name, Balance: balance })
    await expect(demo.connectButton).toHaveCount(0)
  })
})

/** Every toast shown from now on, in order (one replaces the other after 150 ms, behaviour §4). */
async function recordToasts(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = []
    ;(window as unknown as { __toasts: string[] }).__toasts = seen
    const region = document.querySelector('[role="status"][aria-label="Notifications"]')
    if (!region) throw new Error('no toast region')
    new MutationObserver(() => {
      const text = region.textContent ?? ''
      if (text && seen.at(-1) !== text) seen.push(text)
    }).observe(region, { childList: true, subtree: true, characterData: true })
  })
  return () => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts)
}

test('send BTC: a PSBT the wallet signs, checked and broadcast; both balances follow the next block; Activity lists it', async ({
  page,
  stack,
}) => {
  const bitcoin = stack.bitcoin as StackBitcoin
  const from = bitcoin.accounts[ACCOUNT]?.address ?? ''
  const to = bitcoin.accounts[1]?.address ?? ''
  const [fromBefore, toBefore] = [await nodeSats(bitcoin, from), await nodeSats(bitcoin, to)]
  const demo = new DemoPage(page)
  await demo.goto('?bitcoin=1')
  await demo.openConnect()
  await (await bitcoinSide(demo)).click()
  await expect(accountButton(page)).toContainText(formatBtc(fromBefore))
  await accountButton(page).click()
  await demo.dialog
    .getByRole('navigation', { name: 'Wallet features' })
    .getByRole('button', { name: 'Send' })
    .click()
  const send = page.getByRole('dialog', { name: 'Send' })
  const amount = send.getByRole('textbox', { name: 'Amount' })
  const receiver = send.getByRole('textbox', { name: 'Receiver address' })
  const preview = send.getByRole('button', { name: 'Preview send' })

  await test.step('behaviour-reference validation: a receiver of another kind, more than the balance', async () => {
    await amount.fill('1.5')
    await receiver.fill('0x0000000000000000000000000000000000000001')
    await preview.click()
    await expect(
      send.getByRole('alert').filter({ hasText: 'Enter a valid Bitcoin address of this network' }),
    ).toBeVisible()
    await expect(
      send.getByRole('alert').filter({ hasText: 'Please enter a valid amount and receiver address' }),
    ).toBeVisible()
    await receiver.fill(to)
    await amount.fill('11')
    await expect(send.getByRole('alert').filter({ hasText: 'Insufficient balance' })).toBeVisible()
  })

  await test.step('Preview: amount, receiver, network and the fee of the planned PSBT', async () => {
    await amount.fill('1.5')
    await preview.click()
    const review = page.getByRole('dialog', { name: 'Review Send' })
    await expect(review.getByRole('definition')).toContainText([
      '1.5 BTC',
      to,
      bitcoin.name,
      /^0\.00000\d+ BTC$/,
    ])
    const toasts = await recordToasts(page)
    await review.getByRole('button', { name: 'Send', exact: true }).click()
    await expect.poll(toasts).toContain('Transaction started')
    await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
  })

  await test.step('the node has it; after the next block both balances follow in the modal too', async () => {
    await expect.poll(() => nodeSats(bitcoin, to)).toBe(toBefore + 150_000_000n)
    const fromAfter = await nodeSats(bitcoin, from)
    const fee = fromBefore - 150_000_000n - fromAfter
    expect(fee).toBeGreaterThan(0n)
    expect(fee).toBeLessThan(10_000n)
    await expect(demo.dialog.getByRole('paragraph')).toContainText([formatBtc(fromAfter)], {
      timeout: 20_000,
    })
    await demo.dialog.getByRole('tab', { name: 'Activity' }).click()
    const items = demo.dialog
      .getByRole('tabpanel', { name: 'Activity' })
      .getByRole('list', { name: 'Transactions' })
      .getByRole('listitem')
    await expect(items.first()).toHaveAccessibleName(/1\.500 BTC/)
  })
})

test('an eip155 and a Bitcoin account side by side: Networks switches between them', async ({
  page,
  stack,
}) => {
  const bitcoin = stack.bitcoin as StackBitcoin
  const address = bitcoin.accounts[ACCOUNT]?.address ?? ''
  const chainA = stack.chains[0]
  if (!chainA) throw new Error('stack.json lacks a chain')
  const demo = new DemoPage(page)
  await demo.goto('?bitcoin=1')

  await test.step('connect the EVM side first', async () => {
    await demo.openConnect()
    await (await evmSide(demo)).click()
    await expect(demo.dialog).toBeHidden()
    await expect.poll(() => demo.status()).toMatchObject({ Status: 'connected', Address: evmAddress })
  })

  await test.step('Networks → the Bitcoin network asks for a Bitcoin wallet; connect it', async () => {
    const networks = await openNetworks(demo, chainA.name)
    const row = networks.getByRole('button', { name: bitcoin.name })
    await expect(row).toContainText('Connect a wallet for Bitcoin')
    await row.click()
    const connect = page.getByRole('dialog', { name: 'Connect Wallet' })
    await expect(connect).toBeVisible()
    const rows = connect.getByRole('list', { name: 'Wallets' }).getByRole('button')
    await expect(rows).toHaveCount(1)
    await rows.click()
    await expect(demo.dialog).toBeHidden()
    const balance = formatBtc(await nodeSats(bitcoin, address))
    await expect
      .poll(() => demo.status())
      .toMatchObject({ Status: 'connected', Address: address, Network: bitcoin.name, Balance: balance })
    const stored = await demo.porticoStorage()
    expect(stored['@portico/connected_namespaces']?.split(',').sort()).toEqual(['bip122', 'eip155'])
  })

  await test.step('Networks → Portico Devnet A: the EVM account again, no new connection; a reload keeps both', async () => {
    const networks = await openNetworks(demo, bitcoin.name)
    await networks.getByRole('button', { name: chainA.name }).click()
    await page.keyboard.press('Escape')
    await expect.poll(() => demo.status()).toMatchObject({ Address: evmAddress, Network: chainA.name })
    await page.reload()
    await expect.poll(() => demo.status()).toMatchObject({ Status: 'connected', Address: evmAddress })
    const again = await openNetworks(demo, chainA.name)
    await again.getByRole('button', { name: bitcoin.name }).click()
    await page.keyboard.press('Escape')
    await expect.poll(() => demo.status()).toMatchObject({ Address: address, Network: bitcoin.name })
  })
})
