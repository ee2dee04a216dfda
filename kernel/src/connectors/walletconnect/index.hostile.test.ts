// @vitest-environment node
import { MESSAGES } from '@portico/shared-types'
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { evmNetwork, mapBackend, type TestKernel, testKernel } from '../../../test/account/solanaTesting.ts'
import { FakeProvider, fakeSession } from '../../../test/connectors/walletconnectTesting.ts'
import { contextOf } from '../../account/report.ts'
import { connectWalletConnect, registerWalletConnect, WALLET_CONNECT_ID, walletConnectBody } from './body.ts'
import type { Platform } from './platform.ts'
import { validSessionAccounts } from './sessionAccounts.ts'

/** Any UTF-16 code unit up to U+3000 (controls, Latin-1, spaces, zero-width and bidi marks). */
const anyChar = fc.integer({ min: 0, max: 0x3000 }).map((code) => String.fromCharCode(code))

/**
 * Issue 8 item 15: the accounts of a WalletConnect session come from the wallet. Each one is a behaviour §5
 * CAIP account or it is dropped with a logged 'Invalid CAIP Address'; a session with none fails.
 */
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

const DESKTOP: Platform = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36',
  maxTouchPoints: 0,
  coarsePointer: false,
  telegram: false,
  iframe: false,
}

const HOSTILE = [
  `eip155:31337:${ADDRESS.slice(0, -1)}Z`,
  `eip155:31337:${ADDRESS}/../../v1/sessions`,
  `eip155:31337:${ADDRESS}?x=<script>`,
  `eip155:NaN:${ADDRESS}`,
  `eip155:1.5:${ADDRESS}`,
  `eip155:0x7a69:${ADDRESS}`,
  `eip155:99999999999999999999:${ADDRESS}`,
  `eip155::${ADDRESS}`,
  `eip155:31337:${ADDRESS}:extra`,
  `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${'1'.repeat(32)}`,
  `evil:31337:${ADDRESS}`,
  ` eip155:31337:${ADDRESS}`,
  '',
]

interface Logged {
  level: string
  args: unknown[]
}

const kernels: TestKernel[] = []
function setup(session?: ReturnType<typeof fakeSession>) {
  const kernel = testKernel({ networks: [evmNetwork(31337), evmNetwork(31338)] }, mapBackend())
  const logged: Logged[] = []
  const record =
    (level: string) =>
    (...args: unknown[]) =>
      void logged.push({ level, args })
  kernel.log = { debug: record('debug'), info: record('info'), warn: record('warn'), error: record('error') }
  kernels.push(kernel)
  const providers: FakeProvider[] = []
  registerWalletConnect(contextOf(kernel), {
    platform: () => DESKTOP,
    createProvider: async () => {
      const provider = new FakeProvider(session)
      providers.push(provider)
      return provider.asProvider()
    },
  })
  return { kernel, providers, logged }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
const invalidLogs = (logged: Logged[]) =>
  logged.filter(
    (line) => line.level === 'error' && String(line.args[0]).includes(MESSAGES.invalidCaipAddress),
  )

afterEach(() => {
  for (const kernel of kernels.splice(0)) for (const cleanup of kernel.cleanups.splice(0)) cleanup()
})

async function pair(kernel: TestKernel, providers: FakeProvider[], accounts: string[]) {
  const result = connectWalletConnect(contextOf(kernel))
  await flush()
  const provider = providers[0]
  if (!provider) throw new Error('no provider')
  provider.showUri()
  provider.approve(fakeSession(accounts))
  return { result, provider }
}

describe('WalletConnect session accounts from a hostile wallet', () => {
  it('drops each invalid account with a logged error and connects the first valid one', async () => {
    const { kernel, providers, logged } = setup()
    const { result } = await pair(kernel, providers, [...HOSTILE, `eip155:31338:${OTHER}`])
    await expect(result).resolves.toEqual({ supported: true })
    const account = kernel.store.get().accounts.eip155
    expect(account).toMatchObject({
      status: 'connected',
      address: OTHER,
      caipAddress: `eip155:31338:${OTHER}`,
    })
    expect(kernel.store.get().networks.byNamespace.eip155?.caipNetwork?.id).toBe(31338)
    expect(invalidLogs(logged)).toHaveLength(HOSTILE.length)
  })

  it('an address without 0x (behaviour §5 allows it) is used 0x-prefixed', async () => {
    const { kernel, providers } = setup()
    const { result } = await pair(kernel, providers, [`eip155:31337:${ADDRESS.slice(2)}`])
    await expect(result).resolves.toEqual({ supported: true })
    expect(kernel.store.get().accounts.eip155?.address).toBe(ADDRESS)
  })

  it('a session with no valid account fails the connection with a clear message and is ended', async () => {
    const { kernel, providers, logged } = setup()
    const { result, provider } = await pair(kernel, providers, HOSTILE)
    await expect(result).rejects.toThrow(
      `The wallet approved no Ethereum account: ${MESSAGES.invalidCaipAddress}`,
    )
    expect(kernel.store.get().accounts.eip155?.status).not.toBe('connected')
    expect(kernel.store.get().accounts.eip155?.address).toBeUndefined()
    expect(kernel.store.get().connection).toMatchObject({ status: 'disconnected', wcError: true })
    expect(kernel.events.filter((event) => event.name === 'CONNECT_ERROR')).toHaveLength(1)
    await flush()
    expect(provider.disconnected).toBe(1)
    expect(invalidLogs(logged)).toHaveLength(HOSTILE.length)
  })

  it('a stored session with no valid account is not restored, and is ended', async () => {
    const { kernel, providers } = setup(fakeSession([`eip155:NaN:${ADDRESS}`, `eip155:31337:0x1234`]))
    await expect(
      walletConnectBody.restore(contextOf(kernel), WALLET_CONNECT_ID, 'eip155'),
    ).resolves.toBeUndefined()
    expect(kernel.store.get().accounts.eip155?.address).toBeUndefined()
    expect(providers[0]?.disconnected).toBe(1)
  })

  it('accountsChanged with an invalid address and chainChanged with a bad chain id are ignored', async () => {
    const { kernel, providers, logged } = setup()
    const { result, provider } = await pair(kernel, providers, [`eip155:31337:${ADDRESS}`])
    await result
    for (const bad of [[`${ADDRESS}/../x`], ['0x1234'], [42], [`${OTHER} `]])
      provider.events.emit('accountsChanged', bad)
    for (const bad of ['NaN', '1.5', '0x', '12abc', Number.NaN, 1e300, -1, 0.5])
      provider.events.emit('chainChanged', bad)
    const account = kernel.store.get().accounts.eip155
    expect(account).toMatchObject({
      status: 'connected',
      address: ADDRESS,
      caipAddress: `eip155:31337:${ADDRESS}`,
    })
    expect(kernel.store.get().networks.byNamespace.eip155?.caipNetwork?.id).toBe(31337)
    expect(invalidLogs(logged)).toHaveLength(4)
    provider.events.emit('chainChanged', '0x7a6a')
    expect(kernel.store.get().accounts.eip155?.caipAddress).toBe(`eip155:31338:${ADDRESS}`)
  })

  it('property: whatever strings a wallet sends, only eip155 accounts with a safe chain id and 40 hex pass', () => {
    const { kernel } = setup()
    const piece = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.constantFrom('eip155', 'solana', '31337', 'NaN', '1e3', '-1', '0x1', ADDRESS, ADDRESS.slice(2), ':'),
    )
    const account = fc.oneof(
      fc.string({ unit: anyChar, maxLength: 60 }),
      fc.array(piece, { minLength: 1, maxLength: 5 }).map((parts) => parts.join(':')),
      fc.constant(`eip155:31337:${ADDRESS}`),
    )
    fc.assert(
      fc.property(fc.array(account, { maxLength: 6 }), (accounts) => {
        for (const parsed of validSessionAccounts(kernel.log, accounts)) {
          expect(parsed.namespace).toBe('eip155')
          expect(Number.isSafeInteger(Number(parsed.chainId)) && Number(parsed.chainId) > 0).toBe(true)
          expect(parsed.address).toMatch(/^0x[0-9a-fA-F]{40}$/)
        }
      }),
      { numRuns: 300 },
    )
    expect(validSessionAccounts(kernel.log, 'not a list')).toEqual([])
  })
})
