import type { Eip1193Provider, Features, TokenBalance } from '@portico/shared-types'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../test/api/testServer.ts'
import { createModal, type ModalHandle } from '../../createModal.ts'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const BALANCE_PATH = `GET /v1/account/${ADDRESS}/balance`

function announceWallet() {
  const provider: Eip1193Provider = {
    async request({ method }: { method: string }) {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [ADDRESS]
      if (method === 'eth_chainId') return '0x7a69'
      throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 })
    },
  }
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: { info: { uuid: '1', name: 'Test Wallet', icon: 'data:,', rdns: 'test.wallet' }, provider },
      }),
    )
  window.addEventListener('eip6963:requestProvider', announce)
  return () => window.removeEventListener('eip6963:requestProvider', announce)
}

const network = {
  id: 31337,
  caipNetworkId: 'eip155:31337' as const,
  name: 'Local',
  chainNamespace: 'eip155' as const,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] } },
  blockExplorers: { default: { name: 'Local scan', url: 'http://127.0.0.1:9/scan/' } },
}
const OFF: Partial<Features> = Object.fromEntries(
  ['email', 'socials', 'swaps', 'send', 'receive', 'onramp', 'history', 'names'].map((id) => [id, false]),
)
const token = (
  name: string,
  symbol: string,
  decimals: string,
  numeric: string,
  price: number,
): TokenBalance => ({
  name,
  symbol,
  chainId: 'eip155:31337',
  ...(symbol === 'ETH' ? {} : { address: `eip155:31337:0x${decimals.padStart(40, '0')}` as const }),
  value: Number(numeric) * price,
  price,
  quantity: { decimals, numeric },
  iconUrl: '',
})

let server: TestServer | undefined
let modal: ModalHandle | undefined
let stopWallet = () => {}
afterEach(async () => {
  modal?.destroy()
  stopWallet()
  await server?.close()
  localStorage.clear()
})

async function connectedAccountView() {
  stopWallet = announceWallet()
  modal = createModal({ projectId: 'p', networks: [network], features: OFF, apiUrl: server?.url })
  const handle = modal
  act(() => handle.open())
  // The first render of the Connect view loads its modules: slow in jsdom.
  fireEvent.click(await screen.findByRole('button', { name: /Test Wallet/ }, { timeout: 8_000 }))
  await waitFor(() => expect(handle.getAddress()).toBe(ADDRESS), { timeout: 5_000 })
  act(() => handle.open())
  const dialog = await screen.findByRole('dialog', { name: 'Account' }, { timeout: 5_000 })
  // The view's body is a lazy chunk (ui/views/Account.tsx): wait for it, slow to transform in jsdom.
  await within(dialog).findByRole('tablist', {}, { timeout: 8_000 })
  return dialog
}

describe('Account view data', { timeout: 30_000 }, () => {
  it('lists the API balances (0-decimal items dropped), the identity name and the explorer link', async () => {
    server = await startTestServer()
    server.on('GET /v1/supported-chains', { body: { http: ['eip155:31337'], ws: [] } })
    server.on(BALANCE_PATH, {
      body: {
        balances: [
          token('Ether', 'ETH', '18', '2.5', 3000),
          token('Test USD Coin', 'USDC', '6', '1234.5678', 1),
          token('Junk', 'JUNK', '0', '7', 0),
        ],
      },
    })
    server.on(`GET /v1/identity/${ADDRESS}`, { body: { name: 'alice.reown.id', avatar: null } })
    const dialog = await connectedAccountView()
    const tokens = within(dialog).getByRole('tabpanel', { name: 'Tokens' })
    expect(
      await within(tokens).findByRole(
        'listitem',
        { name: 'Ether, 2.500 ETH, $7,500.00' },
        { timeout: 5_000 },
      ),
    ).toBeTruthy()
    expect(
      within(tokens).getByRole('listitem', { name: 'Test USD Coin, 1,234.567 USDC, $1,234.57' }),
    ).toBeTruthy()
    expect(within(tokens).queryByText(/JUNK/)).toBeNull()
    expect(await within(dialog).findByText('alice.reown.id', undefined, { timeout: 5_000 })).toBeTruthy()
    expect(
      within(dialog)
        .getByRole('link', { name: /View on explorer/ })
        .getAttribute('href'),
    ).toBe(`http://127.0.0.1:9/scan/address/${ADDRESS}`)
  })

  it('a failing API: the toast Token Balance Unavailable and the native balance instead', async () => {
    server = await startTestServer()
    server.on('GET /v1/supported-chains', { body: { http: ['eip155:31337'], ws: [] } })
    server.on(BALANCE_PATH, { status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'no' } })
    server.on(`GET /v1/identity/${ADDRESS}`, { body: { name: null, avatar: null } })
    const dialog = await connectedAccountView()
    await waitFor(
      () =>
        expect(screen.getByRole('status', { name: 'Notifications' }).textContent).toContain(
          'Token Balance Unavailable',
        ),
      { timeout: 5_000 },
    )
    const tokens = within(dialog).getByRole('tabpanel', { name: 'Tokens' })
    expect(within(tokens).getByRole('listitem', { name: 'Ether, 0.000 ETH' })).toBeTruthy()
    expect(within(dialog).getByText('0xf3…b92266')).toBeTruthy()
  })
})
