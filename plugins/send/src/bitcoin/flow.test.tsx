import { connectedState, fakeContext } from '@portico/plugin-testing'
import type { Eip1193Provider, Network } from '@portico/shared-types'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BITCOIN_DEV_ACCOUNTS } from '../../../../services/devnet/src/bitcoin/accounts.ts'
import { SendView } from '../SendView.tsx'
import { loadBitcoinHelpers, sendBitcoin } from './flow.ts'
import { BITCOIN_UNSUPPORTED } from './messages.ts'

const alice = BITCOIN_DEV_ACCOUNTS[0]?.address ?? ''
const bob = BITCOIN_DEV_ACCOUNTS[1]?.address ?? ''
const REGTEST: Network = {
  id: '0f9188f13cb7b2c71f2a335e3a4fc328',
  caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
  name: 'Bitcoin Regtest',
  chainNamespace: 'bip122',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
  rpcUrls: { default: { http: [] } },
}

function bitcoinState() {
  const base = connectedState(alice)
  const slice = base.networks.byNamespace.eip155
  const account = base.accounts.eip155
  if (!slice || !account) throw new Error('connectedState changed shape')
  return {
    ...base,
    networks: {
      activeNamespace: 'bip122' as const,
      byNamespace: { bip122: { ...slice, caipNetwork: REGTEST, requestedCaipNetworks: [REGTEST] } },
    },
    accounts: { bip122: { ...account, namespace: 'bip122' as const, balance: '2' } },
  }
}

afterEach(cleanup)

describe('BTC send on the kernel bitcoin helpers', () => {
  it('a kernel without ctx.chains.bitcoin (older): the form says so, never a crash', async () => {
    const { ctx } = fakeContext(bitcoinState())
    const { bitcoin: _missing, ...chains } = ctx.chains
    const old = { ...ctx, chains: { ...chains, activeNetwork: () => REGTEST } }
    await expect(loadBitcoinHelpers(old)).rejects.toThrow(BITCOIN_UNSUPPORTED)
    render(<SendView ctx={old} params={{}} />)
    expect(await screen.findByText(BITCOIN_UNSUPPORTED)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Preview send' })).toBeNull()
  })

  it('the form loads on a kernel with them', async () => {
    const { ctx } = fakeContext(bitcoinState())
    const current = { ...ctx, chains: { ...ctx.chains, activeNetwork: () => REGTEST } }
    render(<SendView ctx={current} params={{}} />)
    expect(await screen.findByRole('button', { name: 'Preview send' })).toBeTruthy()
  })

  it('a wallet answer that is no PSBT is worded and nothing is broadcast', async () => {
    const { ctx } = fakeContext(bitcoinState())
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    const provider = { request: vi.fn(async () => ({ psbt: 'garbage' })) } as unknown as Eip1193Provider
    const plan = { from: alice, to: bob, amount: 1_000_000n, fee: 282n, change: 0n, inputs: [] }
    await expect(sendBitcoin(ctx, provider, REGTEST, { plan, utxos: [] })).rejects.toThrow(
      'The wallet returned no PSBT',
    )
    expect(provider.request).toHaveBeenCalledWith(expect.objectContaining({ method: 'bitcoin_signPsbt' }))
    expect(fetchSpy).not.toHaveBeenCalled()
    fetchSpy.mockRestore()
  })
})
