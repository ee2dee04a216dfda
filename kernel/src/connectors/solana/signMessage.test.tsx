import { createPublicKey, verify } from 'node:crypto'
import { createSolanaDevWallet, memoryStorage } from '@portico/devnet/wallet'
import type { Network } from '@portico/shared-types'
import { definePlugin } from '@portico/shared-types/plugin'
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { getWallets } from '@wallet-standard/app'
import { afterEach, describe, expect, it } from 'vitest'
import { SOLANA_DEV_ACCOUNTS } from '../../../../services/devnet/src/solana/accounts.ts'
import { NO_PLUGINS } from '../../../test/testing.ts'
import { decodeBase58 } from '../../chains/solanaBase58.ts'
import { createModal, type ModalHandle } from '../../createModal.ts'

const owner = SOLANA_DEV_ACCOUNTS[3] as (typeof SOLANA_DEV_ACCOUNTS)[number]
const SOLANA_ID = 'PorticoDevnet1111111111111111111'
const solana: Network = {
  id: SOLANA_ID,
  caipNetworkId: `solana:${SOLANA_ID}`,
  name: 'Local Solana',
  chainNamespace: 'solana',
  nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
  rpcUrls: { default: { http: [] } },
}

let modal: ModalHandle | undefined
let unregister: (() => void) | undefined
afterEach(() => {
  modal?.destroy()
  unregister?.()
  localStorage.clear()
})

describe('handle.signMessage on solana goes through the request pipeline', () => {
  it('opens the taker view for solana_signMessage and returns a signature of the message', async () => {
    const wallet = createSolanaDevWallet({
      secretKey: owner.secretKey,
      rpcUrl: 'http://127.0.0.1:9',
      networkId: `solana:${SOLANA_ID}`,
      storage: memoryStorage(),
    })
    unregister = getWallets().register(wallet)
    const approver = definePlugin({
      id: 'approver',
      api: '^1.1.0',
      views: {
        Approve: { component: ({ params }) => <p>Approving {String(params.method)}</p>, title: 'Approve' },
      },
      contributes: { unsafeRequests: [{ id: 'approve', view: 'Approve', connectorTypes: ['ANNOUNCED'] }] },
    })
    modal = createModal({
      projectId: 'p',
      networks: [solana],
      features: { ...NO_PLUGINS, allWallets: false },
      plugins: { approver: { definition: approver } },
      enableWalletConnect: false,
    })
    const handle = modal
    act(() => handle.open())
    await waitFor(() => expect(handle.getState().plugins.approver?.status).toBe('ready'), { timeout: 15_000 })
    const rows = within(await screen.findByRole('list', { name: 'Wallets' })).getAllByRole('button')
    fireEvent.click(rows[0] as HTMLElement)
    await waitFor(() => expect(handle.getAddress()).toBe(owner.publicKey))

    const signing = handle.signMessage('gm')
    expect(await screen.findByText('Approving solana_signMessage')).toBeTruthy()
    const signature = await signing
    const key = createPublicKey({
      key: {
        kty: 'OKP',
        crv: 'Ed25519',
        x: Buffer.from(decodeBase58(owner.publicKey)).toString('base64url'),
      },
      format: 'jwk',
    })
    expect(verify(null, Buffer.from('gm'), key, decodeBase58(signature))).toBe(true)
  }, 30_000)
})
