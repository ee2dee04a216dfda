import type { Eip1193Provider, Features } from '@portico/shared-types'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../test/api/testServer.ts'
import { createModal, type ModalHandle } from '../../createModal.ts'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const NFTS_PATH = `GET /v1/account/${ADDRESS}/nfts`
const PNG = 'data:image/png;base64,iVBORw0KGgo='
const network = {
  id: 31337,
  caipNetworkId: 'eip155:31337' as const,
  name: 'Local',
  chainNamespace: 'eip155' as const,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [] } },
}
const OFF: Partial<Features> = Object.fromEntries(
  ['email', 'socials', 'swaps', 'send', 'receive', 'onramp', 'history', 'names'].map((id) => [id, false]),
)
const nft = (tokenId: string, name: string, over: Record<string, unknown> = {}) => ({
  id: `eip155:31337:0x${'a'.repeat(40)}:${tokenId}`,
  chainId: 'eip155:31337',
  contract: `0x${'a'.repeat(40)}`,
  tokenId,
  standard: 'ERC721',
  amount: '1',
  name,
  collection: { name: 'C', symbol: 'C' },
  image: null,
  isSpam: false,
  ...over,
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

async function nftsPanel() {
  stopWallet = announceWallet()
  modal = createModal({ projectId: 'p', networks: [network], features: OFF, apiUrl: server?.url })
  const handle = modal
  act(() => handle.open())
  fireEvent.click(await screen.findByRole('button', { name: /Test Wallet/ }, { timeout: 8_000 }))
  await waitFor(() => expect(handle.getAddress()).toBe(ADDRESS), { timeout: 5_000 })
  act(() => handle.open())
  const dialog = await screen.findByRole('dialog', { name: 'Account' }, { timeout: 5_000 })
  // The view's body is a lazy chunk (ui/views/Account.tsx), slow to transform in jsdom.
  fireEvent.click(await within(dialog).findByRole('tab', { name: 'NFTs' }, { timeout: 8_000 }))
  // The panel renders after the tab's state change (and its lazy body), not inside the click.
  return within(dialog).findByRole('tabpanel', { name: 'NFTs' })
}

describe('NFTs tab', { timeout: 30_000 }, () => {
  it('lists NFTs with safe images only, hides spam, pages on with Load more', async () => {
    server = await startTestServer()
    server.on('GET /v1/supported-chains', { body: { http: ['eip155:31337'], ws: [] } })
    server.on(`GET /v1/account/${ADDRESS}/balance`, { body: { balances: [] } })
    server.on(`GET /v1/identity/${ADDRESS}`, { body: { name: null, avatar: null } })
    server.on(
      NFTS_PATH,
      {
        body: {
          data: [
            nft('1', 'Heron', { image: PNG }),
            nft('2', 'Tracker', { image: 'javascript:alert(1)' }),
            nft('3', 'Free Airdrop', { isSpam: true }),
          ],
          next: 'page2',
        },
      },
      { body: { data: [nft('4', 'Edition', { standard: 'ERC1155', amount: '3' })], next: null } },
    )
    const panel = await nftsPanel()
    const heron = await within(panel).findByRole('listitem', { name: 'Heron' }, { timeout: 8_000 })
    expect(heron.querySelector('img')?.getAttribute('src')).toBe(PNG)
    expect(within(panel).getByRole('listitem', { name: 'Tracker' }).querySelector('img')).toBeNull()
    expect(within(panel).queryByText('Free Airdrop')).toBeNull()
    expect(server.requests.find((r) => r.path.endsWith('/nfts'))?.query.get('chainId')).toBe('eip155:31337')

    fireEvent.click(within(panel).getByRole('button', { name: 'Load more' }))
    expect(await within(panel).findByRole('listitem', { name: 'Edition, ×3' })).toBeTruthy()
    expect(
      server.requests
        .filter((r) => r.path.endsWith('/nfts'))
        .at(-1)
        ?.query.get('cursor'),
    ).toBe('page2')
    expect(within(panel).queryByRole('button', { name: 'Load more' })).toBeNull()
    expect(within(panel).getAllByRole('listitem')).toHaveLength(3)
  })

  it('no NFTs: the empty state', async () => {
    server = await startTestServer()
    server.on('GET /v1/supported-chains', { body: { http: ['eip155:31337'], ws: [] } })
    server.on(NFTS_PATH, { body: { data: [], next: null } })
    const panel = await nftsPanel()
    expect(await within(panel).findByText('No NFTs yet', undefined, { timeout: 8_000 })).toBeTruthy()
  })

  it('a refused answer: the error with Try again, which loads the list', async () => {
    server = await startTestServer()
    server.on('GET /v1/supported-chains', { body: { http: ['eip155:31337'], ws: [] } })
    server.on(
      NFTS_PATH,
      { status: 400, body: { statusCode: 400, error: 'Bad Request', message: 'no' } },
      { body: { data: [nft('1', 'Heron')], next: null } },
    )
    const panel = await nftsPanel()
    expect((await within(panel).findByRole('alert', undefined, { timeout: 8_000 })).textContent).toContain(
      'NFTs could not be loaded.',
    )
    fireEvent.click(within(panel).getByRole('button', { name: 'Try again' }))
    expect(await within(panel).findByRole('listitem', { name: 'Heron' })).toBeTruthy()
  })
})
