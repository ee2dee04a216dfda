import { connectedState, fakeContext, fakeUi } from '@portico/plugin-testing'
import type { Eip1193Provider, TokenBalance } from '@portico/shared-types'
import type { NameProfile } from '@portico/shared-types/api'
import type { BlockchainApiClient } from '@portico/shared-types/plugin'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PreviewView } from './PreviewView.tsx'
import { coinTypeOf, isReceiverName, resolveReceiverName, safeAvatar } from './receiverName.ts'
import { SendView } from './SendView.tsx'
import { destinationOf, validate } from './send.ts'
import { sendStore } from './state.ts'

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const MALLORY = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
/** eip155:31337's coin type (behaviour §5). */
const COIN = String((31337 | 0x80000000) >>> 0)

const ETH: TokenBalance = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:31337',
  price: 0,
  quantity: { decimals: '18', numeric: '1' },
  iconUrl: '',
}

afterEach(cleanup)

const evm = await fakeContext(connectedState(FROM)).ctx.chains.evm()
const network = connectedState(FROM).networks.byNamespace.eip155?.caipNetwork
if (!network) throw new Error('connectedState changed shape')

const profile = (overrides: Partial<NameProfile> = {}): NameProfile => ({
  name: 'alice.reown.id',
  addresses: { [COIN]: { address: ALICE } },
  attributes: [{ avatar: 'https://avatars.example/alice.png' }],
  ...overrides,
})

function setup(answer: NameProfile | undefined | Error) {
  const profileLookup = vi.fn(async (_name: string) => {
    if (answer instanceof Error) throw answer
    return answer
  })
  const api = {
    profileLookup,
    fetchGasPrice: vi.fn(async () => ({ standard: '1000000000', fast: '0', instant: '0' })),
    fetchPrices: vi.fn(async () => ({ fungibles: [] })),
  } as unknown as BlockchainApiClient
  const request = vi.fn(async ({ method }: { method: string }) => {
    if (method === 'eth_estimateGas') return '0x5208'
    if (method === 'eth_getBalance') return `0x${(10n ** 18n).toString(16)}`
    // A transaction hash as wallets answer it (sendCalls checks the form).
    if (method === 'eth_sendTransaction') return `0x${'ab'.repeat(32)}`
    if (method === 'eth_getTransactionReceipt') return { status: '0x1' }
    throw new Error(`unexpected ${method}`)
  })
  const provider = { request } as Eip1193Provider & { request: typeof request }
  const ui = {
    ...fakeUi,
    Avatar: ({ address, imageUrl }: { address: string; imageUrl?: string | null }) => (
      <img alt={`avatar of ${address}`} src={imageUrl ?? `generated:${address}`} />
    ),
  }
  const { ctx } = fakeContext(connectedState(FROM, { tokenBalance: [ETH] }), {
    ui,
    services: { api },
    account: { get: vi.fn(), provider: () => provider, refreshBalance: vi.fn(async () => {}) },
  })
  return { ctx, profileLookup, request }
}

describe('name rules', () => {
  it('a name is a 4+ character label with a behaviour §9 suffix, any case', () => {
    expect(isReceiverName('alice.reown.id')).toBe(true)
    expect(isReceiverName(' Alice.WCN.id ')).toBe(true)
    expect(isReceiverName('bob.reown.id')).toBe(false)
    expect(isReceiverName('alice.eth')).toBe(false)
    expect(isReceiverName('\u0430lice.reown.id')).toBe(false)
  })

  it('the form accepts a well-formed name and says what it wants for anything else', () => {
    const check = (receiver: string) =>
      validate({ sendTokenAmount: '0.1', receiverAddress: receiver }, ETH, evm)
    expect(check('alice.reown.id')).toEqual({})
    expect(check('alice')).toEqual({
      receiver:
        'Enter a valid address (0x followed by 40 hexadecimal characters) or a name such as alice.reown.id',
    })
    // An address attempt keeps the address messages.
    expect(check('0x12')).toEqual({
      receiver: 'Enter a valid address: 0x followed by 40 hexadecimal characters',
    })
  })

  it('coin types: the chain id with the high bit, none at or above 2^31', () => {
    expect(coinTypeOf(31337)).toBe(Number(COIN))
    expect(coinTypeOf(2 ** 31)).toBeUndefined()
  })

  it('only https avatars are used', () => {
    expect(safeAvatar(profile())).toBe('https://avatars.example/alice.png')
    expect(safeAvatar(profile({ attributes: [{ avatar: 'javascript:alert(1)' }] }))).toBeUndefined()
    expect(safeAvatar(profile({ attributes: [{ avatar: 'http://avatars.example/a.png' }] }))).toBeUndefined()
    expect(safeAvatar(profile({ attributes: [] }))).toBeUndefined()
  })
})

describe('resolving (hostile answers)', () => {
  const resolve = (answer: NameProfile | undefined | Error, input = 'Alice.reown.id') => {
    const { ctx, profileLookup } = setup(answer)
    return { result: resolveReceiverName(ctx, evm, network, input), profileLookup }
  }

  it('takes the address for this chain’s coin type from the answer for exactly that name', async () => {
    const { result, profileLookup } = resolve(
      profile({ addresses: { [COIN]: { address: ALICE.toLowerCase() } } }),
    )
    await expect(result).resolves.toEqual({
      name: 'alice.reown.id',
      address: ALICE,
      avatar: 'https://avatars.example/alice.png',
    })
    expect(profileLookup).toHaveBeenCalledWith('alice.reown.id')
  })

  it('refuses an answer about another name', async () => {
    await expect(resolve(profile({ name: 'mallory.reown.id' })).result).rejects.toThrow(
      'Error resolving name',
    )
  })

  it('refuses an address of another chain (coin type 60 or another chain id)', async () => {
    const other = String((1 | 0x80000000) >>> 0)
    await expect(
      resolve(profile({ addresses: { '60': { address: MALLORY }, [other]: { address: MALLORY } } })).result,
    ).rejects.toThrow('alice.reown.id has no address on Local')
  })

  it('refuses a malformed address', async () => {
    for (const address of ['0x1234', `0x${'z'.repeat(40)}`, ALICE.replace('C51', 'c51'), 42]) {
      await expect(
        resolve(profile({ addresses: { [COIN]: { address } as { address: string } } })).result,
      ).rejects.toThrow('alice.reown.id has no address on Local')
    }
  })

  it('an unknown name and a failed lookup say so', async () => {
    await expect(resolve(undefined).result).rejects.toThrow('alice.reown.id is not a registered name')
    await expect(resolve(new Error('Error resolving name')).result).rejects.toThrow('Error resolving name')
  })

  it('a malformed name is never asked about', async () => {
    const { result, profileLookup } = resolve(profile(), 'al.reown.id')
    await expect(result).rejects.toThrow(/or a name such as/)
    expect(profileLookup).not.toHaveBeenCalled()
  })
})

describe('sending to a name', () => {
  const fill = async (receiver: string) => {
    await screen.findByRole('button', { name: /^Token: ETH/ })
    fireEvent.change(screen.getByLabelText(/^Amount/), { target: { value: '0.1' } })
    fireEvent.change(screen.getByLabelText(/^Receiver address or name/), { target: { value: receiver } })
    fireEvent.click(screen.getByRole('button', { name: 'Preview send' }))
  }

  it('resolves on preview, shows the name, its avatar and address, and sends to that address', async () => {
    const { ctx, request } = setup(profile())
    render(<SendView ctx={ctx} params={{}} />)
    await fill('alice.reown.id')
    await waitFor(() => expect(ctx.router.push).toHaveBeenCalledWith('SendPreview'))
    cleanup()
    render(<PreviewView ctx={ctx} params={{}} />)
    expect(await screen.findByText('To alice.reown.id')).toBeTruthy()
    expect(screen.getByText(ALICE)).toBeTruthy()
    expect(screen.getByRole('img', { name: `avatar of ${ALICE}` }).getAttribute('src')).toBe(
      'https://avatars.example/alice.png',
    )
    fireEvent.click(screen.getByRole('button', { name: 'Send' }))
    await waitFor(() => expect(ctx.toast.success).toHaveBeenCalledWith('Transaction started'))
    const sent = request.mock.calls.find(([call]) => call.method === 'eth_sendTransaction')?.[0] as
      | { params: [{ to: string }] }
      | undefined
    expect(sent?.params[0].to).toBe(ALICE)
  })

  it('without an avatar the address’s generated one is shown', async () => {
    const { ctx } = setup(profile({ attributes: [] }))
    render(<SendView ctx={ctx} params={{}} />)
    await fill('alice.reown.id')
    await waitFor(() => expect(ctx.router.push).toHaveBeenCalledWith('SendPreview'))
    cleanup()
    render(<PreviewView ctx={ctx} params={{}} />)
    expect((await screen.findByRole('img', { name: `avatar of ${ALICE}` })).getAttribute('src')).toBe(
      `generated:${ALICE}`,
    )
  })

  it('an unknown name shows why and never reaches the preview or the wallet', async () => {
    const { ctx, request } = setup(undefined)
    render(<SendView ctx={ctx} params={{}} />)
    await fill('alice.reown.id')
    expect(await screen.findByText('alice.reown.id is not a registered name')).toBeTruthy()
    expect(ctx.router.push).not.toHaveBeenCalled()
    expect(request.mock.calls.some(([call]) => call.method === 'eth_sendTransaction')).toBe(false)
  })

  it('a name changed after resolving is not sent to the old address', async () => {
    const { ctx, request } = setup(profile())
    const store = sendStore(ctx)
    store.update((draft) => {
      draft.token = ETH
      draft.sendTokenAmount = '0.1'
      draft.receiverAddress = 'mallory.reown.id'
      draft.resolvedReceiver = { name: 'alice.reown.id', address: ALICE }
    })
    expect(destinationOf(store.get(), 'eip155')).toBeUndefined()
    render(<PreviewView ctx={ctx} params={{}} />)
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }))
    await waitFor(() => expect(ctx.toast.error).toHaveBeenCalledWith('Something went wrong'))
    expect(request.mock.calls.some(([call]) => call.method === 'eth_sendTransaction')).toBe(false)
  })
})
