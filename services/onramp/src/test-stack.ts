import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type ApiServer, startApi } from '@portico/api'
import { DEV_ACCOUNTS, type Devnet, startDevnet } from '@portico/devnet'
import type { Address } from 'viem'
import { startOnramp } from './server.ts'
import { DEFAULT_TREASURY_KEY, fundTreasury } from './treasury.ts'

export const PROJECT = 'portico-dev'

/** A devnet chain, the API and the provider page wired as the stack wires them (tests only). */
export async function startTestOnramp() {
  const dir = mkdtempSync(join(tmpdir(), 'portico-onramp-'))
  const devnet: Devnet = await startDevnet({
    chains: [{ chainId: 31337, port: 0 }],
    fixtures: true,
    solana: false,
  })
  const chains = devnet.chains.map((c) => ({ chainId: c.chainId, rpcUrl: c.rpcUrl }))
  const secret = 'onramp-test-secret-0123456789abcdef'
  let api: ApiServer | undefined
  try {
    // The page's port must be known before the API (its URLs point there): bind the page first.
    const page = await startOnramp({
      port: 0,
      apiUrl: 'http://127.0.0.1:1',
      secret,
      treasuryKey: DEFAULT_TREASURY_KEY,
      chains,
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
