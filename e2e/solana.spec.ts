/**
 * Solana end to end: the Portico Dev Wallet's Solana side (a Wallet Standard wallet in the page,
 * signing with its ed25519 key) against the devnet's Solana node (litesvm JSON-RPC). Balances are
 * read from the node by the test itself; signatures are verified with Node's own ed25519.
 */
import type { Page } from '@playwright/test'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { formatEth, readBalance, setBalance, truncate } from './chain.ts'
import { DEV_WALLET, DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'
import { base58ToBytes, verifySolanaSignature } from './solanaSignature.ts'

/** SOLANA_DEV_ACCOUNTS[0]; the EVM side signs with a fresh key (EVM account 0 funds other specs). */
const ACCOUNT = 0
/** hosts/demo's message. */
const SIGN_MESSAGE = 'Hello from the Portico demo'
const SOLANA_CONNECTOR_ID = 'walletStandard:solana:Portico Dev Wallet'
const EXTRA_LAMPORTS = 123_456_789

// The wallet is injected below with its Solana side on.
test.use({ wallet: null })
test.describe.configure({ timeout: 60_000 })

async function solanaRpc<T>(rpcUrl: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}

const getLamports = async (rpcUrl: string, address: string) =>
  BigInt((await solanaRpc<{ value: number }>(rpcUrl, 'getBalance', [address])).value)

/** behaviour §9: floored to 3 decimals, en-US grouping, then the symbol: 1000.123456789 → "1,000.123 SOL". */
function formatSol(lamports: bigint): string {
  const unit = 1_000_000_000n
  const whole = new Intl.NumberFormat('en-US').format(lamports / unit)
  const thousandths = ((lamports % unit) / 1_000_000n).toString().padStart(3, '0')
  return `${whole}.${thousandths} SOL`
}

/** The dev wallet's namespaces, listed under its one row in the Connect view. */
const solanaSide = (demo: DemoPage) => demo.walletNamespace('Solana')
const evmSide = (demo: DemoPage) => demo.walletNamespace('EVM')

/** The demo's account button, for any address (DemoPage's expects an 0x one). */
const accountButton = (page: Page) => page.getByRole('button', { name: /^Open account / })

async function openAccount(demo: DemoPage) {
  await accountButton(demo.page).click()
  await expect(demo.page.getByRole('dialog', { name: 'Account' })).toBeVisible()
}

async function openNetworks(demo: DemoPage, current: string) {
  await openAccount(demo)
  await demo.dialog.getByRole('button', { name: `${current} Switch network` }).click()
  const networks = demo.page.getByRole('dialog', { name: 'Choose Network' })
  await expect(networks).toBeVisible()
  return networks
}

const walletAuthorization = (page: Page) =>
  page.evaluate(() => localStorage.getItem('portico-dev-wallet:solana:authorized'))

let evmAddress: `0x${string}`

test.beforeEach(async ({ context, stack }) => {
  const base = stack.solana.accounts[ACCOUNT]?.walletConfig
  const chainA = stack.chains[0]
  if (!base || !chainA) throw new Error('stack.json lacks the Solana dev account or a chain')
  const privateKey = generatePrivateKey()
  evmAddress = privateKeyToAccount(privateKey).address
  await setBalance(chainA.rpcUrl, evmAddress, '42.4242')
  const config = { ...base, privateKey }
  await context.addInitScript(`window.__PORTICO_DEV_WALLET__=${JSON.stringify(config)}`)
  await context.addInitScript({ path: stack.devWalletBundle })
})

test('connect the Solana dev wallet: address and SOL balance, a verified signature, still connected after a reload', async ({
  page,
  stack,
}) => {
  const { rpcUrl, name: networkName, networkId } = stack.solana
  const address = stack.solana.accounts[ACCOUNT]?.address ?? ''
  // An uneven balance: flooring (not rounding) and grouping both show.
  await solanaRpc(rpcUrl, 'requestAirdrop', [address, EXTRA_LAMPORTS])
  await expect.poll(async () => (await getLamports(rpcUrl, address)) % 1_000_000_000n).not.toBe(0n)
  const balance = formatSol(await getLamports(rpcUrl, address))
  expect(balance).toMatch(/^[\d,]+\.\d{3} SOL$/)

  const demo = new DemoPage(page)
  await demo.goto()

  await test.step('Connect lists the wallet once, its EVM and Solana sides as badges; choosing it lists both', async () => {
    await demo.openConnect()
    const row = demo.walletButton(DEV_WALLET)
    await expect(row).toHaveCount(1)
    await expect(row).toHaveText(`${DEV_WALLET}EVMSolanaInstalled`)
    await expect(row).toHaveAttribute('aria-expanded', 'false')
    await expect(await solanaSide(demo)).toBeVisible()
    await expect(await evmSide(demo)).toBeVisible()
    await expect(
      demo.dialog.getByRole('list', { name: `${DEV_WALLET}: choose a network` }).getByRole('button'),
    ).toHaveText(['EVM', 'Solana'])
  })

  await test.step('standard:connect: base58 address and the node’s SOL balance', async () => {
    await (await solanaSide(demo)).click()
    await expect(demo.dialog).toBeHidden()
    await expect(accountButton(page)).toContainText(`${truncate(address)} · ${balance}`)
    await expect
      .poll(() => demo.status())
      .toMatchObject({
        Status: 'connected',
        Wallet: DEV_WALLET,
        Address: address,
        Network: networkName,
        Balance: balance,
      })
    const stored = await demo.porticoStorage()
    expect(stored).toMatchObject({
      '@portico/connection_status': 'connected',
      '@portico/solana:connected_connector_id': SOLANA_CONNECTOR_ID,
      '@portico/active_caip_network_id': networkId,
    })
    expect(await walletAuthorization(page)).toContain(address)
  })

  await test.step('the Account view shows the Solana account', async () => {
    await openAccount(demo)
    await expect(demo.dialog.getByRole('paragraph')).toContainText([truncate(address), balance])
    await expect(demo.dialog.getByRole('button', { name: `${networkName} Switch network` })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(demo.dialog).toBeHidden()
  })

  await test.step('Sign Solana message: the wallet’s ed25519 signature verifies against the address', async () => {
    await page.getByRole('button', { name: 'Sign Solana message' }).click()
    const output = page.getByRole('status', { name: 'Solana signature' })
    await expect(output).toHaveText(/^[1-9A-HJ-NP-Za-km-z]{64,90}$/)
    const signature = (await output.textContent()) ?? ''
    expect(base58ToBytes(signature)).toHaveLength(64)
    expect(verifySolanaSignature(SIGN_MESSAGE, signature, address)).toBe(true)
    expect(verifySolanaSignature(`${SIGN_MESSAGE}!`, signature, address)).toBe(false)
    // The EVM control is for eip155 accounts only.
    await expect(page.getByRole('button', { name: 'Sign message', exact: true })).toHaveCount(0)
  })

  await test.step('reload: the wallet reconnects silently (standard:connect { silent: true })', async () => {
    await page.reload()
    await expect
      .poll(() => demo.status())
      .toMatchObject({ Status: 'connected', Address: address, Network: networkName, Balance: balance })
    await expect(accountButton(page)).toContainText(`${truncate(address)} · ${balance}`)
    await expect(demo.connectButton).toHaveCount(0)
  })

  await test.step('disconnect: standard:disconnect, the wallet forgets the site, the keys are cleared', async () => {
    await openAccount(demo)
    await demo.dialog.getByRole('button', { name: 'Disconnect' }).click()
    await expect(page.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
    await expect.poll(() => walletAuthorization(page)).toBeNull()
    const stored = await demo.porticoStorage()
    expect(stored['@portico/connection_status']).toBe('disconnected')
    expect(Object.keys(stored).filter((key) => key.endsWith(':connected_connector_id'))).toEqual([])
    await expect.poll(() => demo.status()).toMatchObject({ Status: 'disconnected', Address: '—' })
  })
})

test('an eip155 and a Solana account side by side: the Networks view switches between them, a reload keeps both', async ({
  page,
  stack,
  requests,
}) => {
  // The solana chunk (session code and the @solana/kit RPC) loads only once Solana is used.
  const solanaChunkFetched = () => requests.some((url) => /\/solana\.[0-9a-f]+\.js$/.test(url))
  const solanaAddress = stack.solana.accounts[ACCOUNT]?.address ?? ''
  const chainA = stack.chains[0]
  if (!chainA) throw new Error('stack.json lacks a chain')
  const { name: solanaName, rpcUrl } = stack.solana
  const demo = new DemoPage(page)
  await demo.goto()

  await test.step('connect the EVM side first', async () => {
    await demo.openConnect()
    await (await evmSide(demo)).click()
    await expect(demo.dialog).toBeHidden()
    await expect.poll(() => demo.status()).toMatchObject({ Status: 'connected', Address: evmAddress })
    expect(solanaChunkFetched()).toBe(false)
  })

  await test.step('Networks lists every namespace; the Solana network asks for a Solana wallet', async () => {
    const networks = await openNetworks(demo, chainA.name)
    await expect(networks.getByRole('button', { name: chainA.name })).toContainText('Current network')
    const solana = networks.getByRole('button', { name: solanaName })
    await expect(solana).toContainText('Connect a wallet for Solana')
    await solana.click()
    // Connect for the Solana namespace only: the dev wallet's Solana side, nothing else.
    const connect = page.getByRole('dialog', { name: 'Connect Wallet' })
    await expect(connect).toBeVisible()
    const rows = connect.getByRole('list', { name: 'Wallets' }).getByRole('button')
    await expect(rows).toHaveCount(1)
    await expect(rows).toContainText(['Solana'])
    await rows.click()
    await expect(demo.dialog).toBeHidden()
    expect(solanaChunkFetched()).toBe(true)
  })

  const solBalance = formatSol(await getLamports(rpcUrl, solanaAddress))
  const ethBalance = formatEth(await readBalance(chainA.rpcUrl, evmAddress))
  expect(ethBalance).toBe('42.424 ETH')

  await test.step('the Solana account is active; the EVM one is still connected', async () => {
    await expect
      .poll(() => demo.status())
      .toMatchObject({
        Status: 'connected',
        Address: solanaAddress,
        Network: solanaName,
        Balance: solBalance,
      })
    const stored = await demo.porticoStorage()
    expect(stored['@portico/connected_namespaces']?.split(',').sort()).toEqual(['eip155', 'solana'])
    expect(stored['@portico/eip155:connected_connector_id']).toBeTruthy()
    expect(stored['@portico/solana:connected_connector_id']).toBe(SOLANA_CONNECTOR_ID)
  })

  await test.step('Networks → Portico Devnet A: the EVM account, no new connection', async () => {
    const networks = await openNetworks(demo, solanaName)
    await expect(networks.getByRole('button', { name: chainA.name })).not.toContainText('Connect a wallet')
    await networks.getByRole('button', { name: chainA.name }).click()
    await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
    await expect(demo.dialog.getByRole('paragraph')).toContainText([truncate(evmAddress), ethBalance])
    await page.keyboard.press('Escape')
    await expect
      .poll(() => demo.status())
      .toMatchObject({ Address: evmAddress, Network: chainA.name, Balance: ethBalance })
  })

  await test.step('and back to Portico Solana Devnet: the Solana account', async () => {
    const networks = await openNetworks(demo, chainA.name)
    await networks.getByRole('button', { name: solanaName }).click()
    await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
    await expect(demo.dialog.getByRole('paragraph')).toContainText([truncate(solanaAddress), solBalance])
    await page.keyboard.press('Escape')
    await expect.poll(() => demo.status()).toMatchObject({ Address: solanaAddress, Network: solanaName })
  })

  await test.step('reload: both restored, the one used last (Solana) active', async () => {
    await page.reload()
    await expect
      .poll(() => demo.status())
      .toMatchObject({
        Status: 'connected',
        Address: solanaAddress,
        Network: solanaName,
        Balance: solBalance,
      })
    const networks = await openNetworks(demo, solanaName)
    await networks.getByRole('button', { name: chainA.name }).click()
    await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
    await expect(demo.dialog.getByRole('paragraph')).toContainText([truncate(evmAddress)])
    await page.keyboard.press('Escape')
  })

  await test.step('reload again: the EVM account is the one used last now', async () => {
    await page.reload()
    await expect
      .poll(() => demo.status())
      .toMatchObject({ Status: 'connected', Address: evmAddress, Network: chainA.name, Balance: ethBalance })
  })
})
