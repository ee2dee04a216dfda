import type { Eip1193Provider, ModalOptions } from '@portico/shared-types'
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  type DirectoryTestServer,
  startDirectoryServer,
  testWallets,
} from '../../../test/directory/directoryTestServer.ts'
import { localNetwork, NO_PLUGINS } from '../../../test/testing.ts'
import { createModal, type ModalHandle } from '../../createModal.ts'
import { STORAGE_KEYS } from '../../storage/keys.ts'

const network = localNetwork()
const OFF = NO_PLUGINS
const DEV = {
  id: 'dev',
  name: 'Portico Dev Wallet',
  rdns: 'dev.portico.wallet',
  image_id: 'img-dev',
  chains: ['eip155:31337'],
}

// Real HTTP from jsdom: the first fetch of a test file alone can take a second on a busy machine.
configure({ asyncUtilTimeout: 10_000 })

let server: DirectoryTestServer
let modals: ModalHandle[] = []
let stopAnnouncing: (() => void) | undefined

beforeEach(() => {
  // jsdom loads no images: these load at once, so image preloading does not wait its 2 s.
  vi.stubGlobal(
    'Image',
    class {
      onload: (() => void) | null = null
      onerror: (() => void) | null = null
      set src(_url: string) {
        setTimeout(() => this.onload?.(), 1)
      }
    },
  )
})

afterEach(async () => {
  for (const modal of modals) modal.destroy()
  modals = []
  stopAnnouncing?.()
  stopAnnouncing = undefined
  localStorage.clear()
  vi.unstubAllGlobals()
  await server?.close()
})

/** An announced browser wallet with the dev wallet's RDNS. */
function announceDevWallet() {
  const provider: Eip1193Provider = {
    request: async ({ method }) => {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts')
        return ['0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266']
      if (method === 'eth_chainId') return '0x7a69'
      return null
    },
  }
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: {
          info: { uuid: '1', name: 'Portico Dev Wallet', icon: 'data:,', rdns: 'dev.portico.wallet' },
          provider,
        },
      }),
    )
  window.addEventListener('eip6963:requestProvider', announce)
  stopAnnouncing = () => window.removeEventListener('eip6963:requestProvider', announce)
}

async function open(extra: Partial<ModalOptions> = {}) {
  const modal = createModal({
    projectId: 'p1',
    networks: [network],
    features: OFF,
    walletDirectoryUrl: server.url,
    enableWalletConnect: false,
    ...extra,
  })
  modals.push(modal)
  act(() => modal.open())
  const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' })
  return { modal, dialog, wallets: () => within(dialog).getByRole('list', { name: 'Wallets' }) }
}

async function openAllWallets(extra: Partial<ModalOptions> = {}) {
  const opened = await open(extra)
  const entry = await within(opened.wallets()).findByRole('button', { name: /All Wallets/ })
  fireEvent.click(entry)
  const dialog = await screen.findByRole('dialog', { name: 'All Wallets' })
  return { ...opened, dialog }
}

const lastRoute = (modal: ModalHandle) => modal.getState().router.history.at(-1)

// Each test starts a directory server and waits for lists built over HTTP: seconds on a loaded CI machine.
describe('Connect view with a wallet directory', { timeout: 20_000 }, () => {
  it('lists recent, installed, featured (configured order), custom, recommended and All Wallets with the count', async () => {
    server = await startDirectoryServer(testWallets(130, [DEV]))
    announceDevWallet()
    localStorage.setItem(
      STORAGE_KEYS.recentWallets,
      JSON.stringify([
        { id: 'w100', wallet: { id: 'w100', name: 'Wallet 100', image_url: 'http://dir/100.svg' } },
      ]),
    )
    const { modal, wallets } = await open({
      featuredWalletIds: ['w020', 'w010'],
      customWallets: [{ id: 'my', name: 'My Custom Wallet', mobile_link: 'my://' }],
    })
    await waitFor(
      () =>
        expect(within(wallets()).getByRole('button', { name: /All Wallets/ }).textContent).toContain('130+'),
      { timeout: 10_000 },
    )
    const labels = within(wallets())
      .getAllByRole('button')
      .map((button) => button.textContent)
    expect(labels).toEqual([
      'Wallet 100Recent',
      'Portico Dev WalletInstalled',
      'Wallet 020',
      'Wallet 010',
      'My Custom Wallet',
      'Wallet 001',
      'Wallet 002',
      'Wallet 003',
      'All Wallets130+',
    ])
    fireEvent.click(within(wallets()).getByRole('button', { name: 'Wallet 020' }))
    expect(lastRoute(modal)).toMatchObject({ view: 'ConnectingWalletConnect', params: { walletId: 'w020' } })
  })

  it('ignores a failed recommended fetch and still offers All Wallets', async () => {
    server = await startDirectoryServer(testWallets(10))
    server.fail('/getWallets', 500)
    const { wallets } = await open()
    expect(within(wallets()).getByRole('button', { name: /All Wallets/ })).toBeTruthy()
    // One call and its 3 retries (behaviour §9: 150 ms doubled per try).
    await waitFor(
      () => expect(server.requests.filter((url) => url.pathname === '/getWallets').length).toBe(4),
      { timeout: 10_000 },
    )
    expect(within(wallets()).getAllByRole('button')).toHaveLength(1)
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

describe('AllWallets view', { timeout: 20_000 }, () => {
  it('pages in 40 more wallets when scrolled to the end, rendering only the rows in view', async () => {
    server = await startDirectoryServer(testWallets(95, [DEV]))
    announceDevWallet()
    const { dialog, modal } = await openAllWallets()
    const list = await within(dialog).findByRole('list', { name: 'All wallets' })
    await waitFor(() => expect(modal.getState().wallets.wallets).toHaveLength(40))
    const rows = within(list).getAllByRole('listitem')
    // Virtualised: a window of rows, each telling its place in the whole list.
    expect(rows.length).toBeLessThan(20)
    expect(rows[0]?.getAttribute('aria-setsize')).toBe('41')
    expect(within(list).getByRole('button', { name: /Portico Dev Wallet/ }).textContent).toContain(
      'Installed',
    )
    expect(within(list).queryByRole('button', { name: 'Wallet 040' })).toBeNull()

    const box = list.parentElement as HTMLElement
    box.scrollTop = 40 * 66
    fireEvent.scroll(box)
    await waitFor(() => expect(modal.getState().wallets.wallets).toHaveLength(80))
    expect(await within(list).findByRole('button', { name: 'Wallet 040' })).toBeTruthy()
    const pages = server.requests.filter(
      (url) => url.pathname === '/getWallets' && url.searchParams.get('entries') === '40',
    )
    expect(pages.map((url) => url.searchParams.get('page'))).toEqual(['1', '2'])

    // Installed wallets open the browser wallet; the others WalletConnect with that wallet.
    fireEvent.click(within(list).getByRole('button', { name: 'Wallet 040' }))
    expect(lastRoute(modal)).toMatchObject({ view: 'ConnectingWalletConnect', params: { walletId: 'w040' } })
  })

  it('opens an installed wallet in ConnectingExternal', async () => {
    server = await startDirectoryServer(testWallets(5, [DEV]))
    announceDevWallet()
    const { dialog, modal } = await openAllWallets()
    const list = await within(dialog).findByRole('list', { name: 'All wallets' })
    fireEvent.click(await within(list).findByRole('button', { name: /Portico Dev Wallet/ }))
    expect(modal.getState().router.history.map((route) => route.view)).toContain('ConnectingExternal')
  })

  it('searches by name after a pause, says when nothing matches, and moves focus with the arrow keys', async () => {
    server = await startDirectoryServer(testWallets(60))
    const { dialog } = await openAllWallets()
    await within(dialog).findByRole('list', { name: 'All wallets' })
    const search = within(dialog).getByRole('textbox', { name: 'Search wallet' })
    fireEvent.change(search, { target: { value: '  wallet 05 ' } })
    expect(within(dialog).getByRole('status').textContent).toBe('Searching')
    await waitFor(() => expect(within(dialog).getByRole('status').textContent).toBe('10 wallets found'), {
      timeout: 10_000,
    })
    const searches = server.requests.filter((url) => url.searchParams.has('search'))
    expect(searches).toHaveLength(1)
    expect(Object.fromEntries(searches[0]?.searchParams ?? [])).toMatchObject({
      search: 'wallet 05',
      entries: '100',
      page: '1',
    })
    const results = within(dialog).getByRole('list', { name: 'All wallets' })
    const first = within(results).getByRole('button', { name: 'Wallet 050' })
    first.focus()
    fireEvent.keyDown(first, { key: 'ArrowDown' })
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Wallet 051'))
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'End' })
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Wallet 059'))

    fireEvent.change(search, { target: { value: 'nothing like this' } })
    expect(await within(dialog).findByText('No wallet found', {}, { timeout: 10_000 })).toBeTruthy()
    expect(within(dialog).getByText('No wallet matches “nothing like this”. Try another name.')).toBeTruthy()

    fireEvent.change(search, { target: { value: '' } })
    expect(await within(dialog).findByRole('button', { name: 'Wallet 001' })).toBeTruthy()
  })

  it('shows an error with Try again when the list cannot load', async () => {
    server = await startDirectoryServer(testWallets(10))
    server.fail('/getWallets', 400)
    const { dialog } = await openAllWallets()
    expect(await within(dialog).findByText('Could not load the wallet list')).toBeTruthy()
    server.fail('/getWallets', undefined)
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }))
    expect(await within(dialog).findByRole('button', { name: 'Wallet 001' })).toBeTruthy()
  })
})

describe('analytics', () => {
  it('sends tracked events to POST /e once the config allows it', async () => {
    server = await startDirectoryServer(testWallets(3, [DEV]))
    announceDevWallet()
    const { wallets, modal } = await open()
    await waitFor(() =>
      expect(server.requests.some((url) => url.pathname === '/getAnalyticsConfig')).toBe(true),
    )
    fireEvent.click(within(wallets()).getByRole('button', { name: /Portico Dev Wallet/ }))
    await waitFor(() => expect(modal.getState().accounts.eip155?.status).toBe('connected'))
    await waitFor(() => expect(server.events).toHaveLength(1))
    expect(server.events[0]).toMatchObject({
      eventId: expect.any(String),
      url: expect.stringContaining('http'),
      domain: 'localhost',
      timestamp: expect.any(Number),
      props: {
        type: 'track',
        event: 'CONNECT_SUCCESS',
        properties: { method: 'browser', name: 'Portico Dev Wallet' },
      },
    })
    // The connection is remembered as a recent wallet (the directory's entry for its RDNS when loaded).
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.recentWallets) ?? '[]')[0]).toMatchObject({
      wallet: { name: 'Portico Dev Wallet', rdns: 'dev.portico.wallet' },
    })
  })

  it('a failed analytics config turns analytics off: nothing is sent', async () => {
    server = await startDirectoryServer(testWallets(3, [DEV]))
    server.fail('/getAnalyticsConfig', 404)
    announceDevWallet()
    const { wallets, modal } = await open()
    await waitFor(() => expect(modal.getState().wallets.isAnalyticsEnabled).toBe(false))
    fireEvent.click(within(wallets()).getByRole('button', { name: /Portico Dev Wallet/ }))
    await waitFor(() => expect(modal.getState().accounts.eip155?.status).toBe('connected'))
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(server.events).toHaveLength(0)
  })
})
