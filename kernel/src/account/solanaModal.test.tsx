/**
 * The solana namespace through the public handle and the modal's views: Connect lists the Solana
 * side of a wallet with its chain, Networks lists both namespaces and sends a namespace without an
 * account to Connect for that namespace, and the handle follows the active namespace.
 */
import { createPublicKey, verify } from 'node:crypto'
import { createSolanaDevWallet, memoryStorage } from '@portico/devnet/wallet'
import type { Eip1193Provider, Features, Network } from '@portico/shared-types'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { getWallets } from '@wallet-standard/app'
import { afterEach, describe, expect, it } from 'vitest'
import { SOLANA_DEV_ACCOUNTS } from '../../../services/devnet/src/solana/accounts.ts'
import { localNetwork, NO_PLUGINS } from '../../test/testing.ts'
import { decodeBase58 } from '../chains/solanaBase58.ts'
import { createModal, type ModalHandle } from '../createModal.ts'

const EVM_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const owner = SOLANA_DEV_ACCOUNTS[2] as (typeof SOLANA_DEV_ACCOUNTS)[number]
const SOLANA_ID = 'PorticoDevnet1111111111111111111'

const evm = localNetwork()
const solana: Network = {
  id: SOLANA_ID,
  caipNetworkId: `solana:${SOLANA_ID}`,
  name: 'Local Solana',
  chainNamespace: 'solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: [] } },
}
const OFF: Partial<Features> = { ...NO_PLUGINS, allWallets: false }

/** An EIP-6963 wallet named like the dev wallet (its EVM side). */
function announceEvmWallet() {
  let authorized = false
  const provider: Eip1193Provider = {
    async request({ method }: { method: string }) {
      if (method === 'eth_requestAccounts') {
        authorized = true
        return [EVM_ADDRESS]
      }
      if (method === 'eth_accounts') return authorized ? [EVM_ADDRESS] : []
      if (method === 'eth_chainId') return '0x7a69'
      if (method === 'wallet_revokePermissions' || method === 'wallet_switchEthereumChain') return null
      throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 })
    },
  }
  const announce = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: { info: { uuid: '1', name: 'Dev Wallet', icon: 'data:,', rdns: 'dev.wallet' }, provider },
      }),
    )
  window.addEventListener('eip6963:requestProvider', announce)
  return () => window.removeEventListener('eip6963:requestProvider', announce)
}

const cleanups: (() => void)[] = []
let modals: ModalHandle[] = []
afterEach(() => {
  for (const modal of modals) modal.destroy()
  modals = []
  for (const cleanup of cleanups.splice(0)) cleanup()
  localStorage.clear()
})

function setup() {
  cleanups.push(announceEvmWallet())
  const wallet = createSolanaDevWallet({
    secretKey: owner.secretKey,
    rpcUrl: 'http://127.0.0.1:9',
    networkId: `solana:${SOLANA_ID}`,
    storage: memoryStorage(),
  })
  // The same wallet's Solana side, under the same name as its EVM side.
  const named = {
    version: wallet.version,
    name: 'Dev Wallet',
    icon: wallet.icon,
    chains: wallet.chains,
    features: wallet.features,
    get accounts() {
      return wallet.accounts
    },
  }
  cleanups.push(getWallets().register(named))
  const modal = createModal({ projectId: 'p', networks: [evm, solana], features: OFF })
  modals.push(modal)
  return modal
}

const dialog = () => screen.getByRole('dialog')
const walletRows = () => within(screen.getByRole('list', { name: 'Wallets' })).getAllByRole('button')

async function chooseNetwork(name: RegExp) {
  fireEvent.click(await within(dialog()).findByRole('button', { name: /Switch network/ }))
  await screen.findByRole('dialog', { name: 'Choose Network' })
  fireEvent.click(within(dialog()).getByRole('button', { name }))
}

// Several view transitions on a loaded machine: room beyond the 5 s default.
describe('two namespaces in the modal', () => {
  it('Connect shows the wallet once with its namespaces; Networks switches accounts or connects the other namespace', async () => {
    const modal = setup()
    act(() => modal.open())
    await screen.findByRole('dialog', { name: 'Connect Wallet' })
    const rows = walletRows()
    expect(rows.map((row) => row.textContent)).toEqual([
      'Dev WalletEVMSolanaInstalled',
      'WalletConnectQR code',
    ])
    expect(rows[0]?.getAttribute('aria-expanded')).toBe('false')

    // Choosing the wallet lists its namespaces under it; the EVM side first.
    fireEvent.click(rows[0] as HTMLElement)
    expect(rows[0]?.getAttribute('aria-expanded')).toBe('true')
    const sides = within(screen.getByRole('list', { name: 'Dev Wallet: choose a network' })).getAllByRole(
      'button',
    )
    expect(sides.map((side) => side.textContent)).toEqual(['EVM', 'Solana'])
    fireEvent.click(sides[0] as HTMLElement)
    await waitFor(() => expect(modal.getAddress()).toBe(EVM_ADDRESS))
    act(() => modal.open())
    await screen.findByRole('dialog', { name: 'Account' })

    // Local Solana has no account yet: it says so and leads to Connect, for Solana wallets only.
    fireEvent.click(await within(dialog()).findByRole('button', { name: /Switch network/ }))
    await screen.findByRole('dialog', { name: 'Choose Network' })
    expect(within(dialog()).getByRole('button', { name: /Local Solana/ }).textContent).toContain(
      'Connect a wallet for Solana',
    )
    fireEvent.click(within(dialog()).getByRole('button', { name: /Local Solana/ }))
    await screen.findByRole('dialog', { name: 'Connect Wallet' })
    expect(walletRows().map((row) => row.textContent)).toEqual(['Dev WalletSolanaInstalled'])
    expect(walletRows()[0]?.hasAttribute('aria-expanded')).toBe(false)
    expect(modal.getAddress()).toBe(EVM_ADDRESS)
    fireEvent.click(walletRows()[0] as HTMLElement)
    await waitFor(() => expect(modal.getAddress()).toBe(owner.publicKey))
    expect(modal.getNetwork()?.caipNetworkId).toBe(solana.caipNetworkId)
    expect(modal.getState().accounts.eip155?.status).toBe('connected')

    // The handle signs with the active (Solana) account.
    const signature = await modal.signMessage('gm')
    const key = createPublicKey({
      key: {
        kty: 'OKP',
        crv: 'Ed25519',
        x: Buffer.from(decodeBase58(owner.publicKey)).toString('base64url'),
      },
      format: 'jwk',
    })
    expect(verify(null, Buffer.from('gm'), key, decodeBase58(signature))).toBe(true)

    // Networks → Local: back to the EVM account without connecting anything.
    act(() => modal.open())
    await screen.findByRole('dialog', { name: 'Account' })
    await chooseNetwork(/^Local(?! Solana)/)
    await waitFor(() => expect(modal.getAddress()).toBe(EVM_ADDRESS))
    await expect(modal.signMessage('gm')).rejects.toThrow(/unsupported personal_sign/)
  }, 20_000)
})
