import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type ApiServer, startApi } from '@portico/api'
import { DEV_ACCOUNTS, type Devnet, startDevnet } from '@portico/devnet'
import { type Address, createPublicClient, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { type OnrampOptions, startOnramp } from '../src/server.ts'
import { DEFAULT_TREASURY_KEY, fundTreasury } from '../src/treasury.ts'

export const PROJECT = 'portico-dev'
/** The secret the test API and page share (tests sign their own provider calls with it). */
export const SECRET = 'onramp-test-secret-0123456789abcdef'

/** The page's timing options a test may shorten. */
export type TestOnrampTiming = Pick<
  OnrampOptions,
  'receiptTimeoutMs' | 'pollingIntervalMs' | 'sweepIntervalMs'
>

/** A devnet chain, the API and the provider page wired as the stack wires them (tests only). */
export async function startTestOnramp(timing: TestOnrampTiming = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'portico-onramp-'))
  const devnet: Devnet = await startDevnet({
    chains: [{ chainId: 31337, port: 0 }],
    fixtures: true,
    solana: false,
  })
  const chains = devnet.chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl }))
  const secret = SECRET
  let api: ApiServer | undefined
  try {
    // The page's port must be known before the API (its URLs point there): bind the page first.
    const page = await startOnramp({
      port: 0,
      apiUrl: 'http://127.0.0.1:1',
      secret,
      treasuryKey: DEFAULT_TREASURY_KEY,
      chains,
      sweepIntervalMs: 0,
    })
    await page.close()
    const pageUrl = page.url
    api = await startApi({
      port: 0,
      chains,
      database: { kind: 'sqlite', file: join(dir, 'api.sqlite') },
      fixtures: devnet.fixtures ?? {},
      indexer: { enabled: false },
      logLevel: 'silent',
      onramp: { pageUrl, secret },
    })
    const usdc = devnet.fixtures?.[31337]?.tokens.USDC as Address
    const onramp = await startOnramp({
      port: Number(new URL(pageUrl).port),
      apiUrl: api.url,
      secret,
      treasuryKey: DEFAULT_TREASURY_KEY,
      chains,
      ...timing,
    })
    await fundTreasury({
      treasury: onramp.treasury,
      chains,
      eth: 10n ** 22n,
      tokens: [{ chainId: 31337, address: usdc, minimum: 10n ** 9n, mint: 10n ** 12n }],
      minterKey: DEV_ACCOUNTS[0]?.privateKey ?? '0x',
    })
    const liveApi = api
    return {
      devnet,
      api: liveApi,
      onramp,
      usdc,
      rpcUrl: chains[0]?.rpcUrl ?? '',
      async stop() {
        await onramp.close()
        await liveApi.close()
        await devnet.stop()
        rmSync(dir, { recursive: true, force: true })
      },
    }
  } catch (err) {
    await api?.close()
    await devnet.stop()
    rmSync(dir, { recursive: true, force: true })
    throw err
  }
}

export type TestOnramp = Awaited<ReturnType<typeof startTestOnramp>>

export const freshAddress = () => privateKeyToAccount(generatePrivateKey()).address
export const chainClient = (t: TestOnramp) => createPublicClient({ transport: http(t.rpcUrl) })

/** An order as the plugin creates it (POST /v1/generators/onrampurl): its page URL and id. */
export async function newOrder(
  t: TestOnramp,
  buyer: string,
  asset = 'eth',
  presetFiatAmount = 100,
  provider = 'portico-pay',
) {
  const res = await fetch(`${t.api.url}/v1/generators/onrampurl?projectId=${PROJECT}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      destinationWallets: [{ address: buyer, blockchains: ['eip155:31337'], assets: [asset] }],
      defaultNetwork: 'eip155:31337',
      partnerUserId: 'u1',
      presetFiatAmount,
      provider,
    }),
  })
  const { url } = (await res.json()) as { url: string }
  return { url, id: new URL(url).searchParams.get('order') ?? '' }
}

/** The page's payment call, as its script makes it (same origin unless told). */
export const pay = (t: TestOnramp, id: string, card: unknown, origin = t.onramp.url) =>
  fetch(`${t.onramp.url}/api/orders/${id}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: typeof card === 'string' ? card : JSON.stringify(card),
  }).then(async (r) => ({ status: r.status, body: (await r.json()) as Record<string, unknown> }))

export const CARD = { number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' }
