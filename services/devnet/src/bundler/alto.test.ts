import { createPublicClient, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { holdPort, isProcessAlive } from '../../test/testUtils.ts'
import { type AnvilProcess, startAnvil } from '../anvil.ts'
import { deployAccountAbstraction } from '../fixtures/aa/deploy.ts'
import { ENTRY_POINT_V08 } from '../fixtures/aa/plan.ts'
import { rpcCall } from '../rpc.ts'
import { BUNDLER_EXECUTOR_KEY, type BundlerProcess, startBundler } from './alto.ts'

describe('alto bundler on a devnet chain', () => {
  let anvil: AnvilProcess
  let bundler: BundlerProcess | undefined
  const chainId = 31337
  beforeAll(async () => {
    anvil = await startAnvil({ chainId, port: 0 })
    await deployAccountAbstraction({ chainId, rpcUrl: anvil.rpcUrl })
  }, 60_000)
  afterAll(async () => {
    await bundler?.stop()
    await anvil?.stop()
  })

  it('starts on a free port, serves EntryPoint 0.8 with a funded executor, and stops', async () => {
    bundler = await startBundler({ rpcUrl: anvil.rpcUrl, chainId, entryPoint: ENTRY_POINT_V08, port: 0 })
    expect(bundler.url).toBe(`http://127.0.0.1:${bundler.port}`)
    expect(await rpcCall(bundler.url, 'eth_supportedEntryPoints')).toEqual([ENTRY_POINT_V08])
    expect(Number(await rpcCall(bundler.url, 'eth_chainId'))).toBe(chainId)
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    expect(
      await client.getBalance({ address: privateKeyToAccount(BUNDLER_EXECUTOR_KEY).address }),
    ).toBeGreaterThan(10n ** 20n)
    // An unknown method is a JSON-RPC error, not silence.
    await expect(rpcCall(bundler.url, 'eth_notAMethod')).rejects.toThrow(/eth_notAMethod failed/)
    const { pid } = bundler
    await bundler.stop()
    expect(isProcessAlive(pid)).toBe(false)
    bundler = undefined
  })

  it('refuses a chain whose id is not the one asked for, starting nothing', async () => {
    await expect(
      startBundler({ rpcUrl: anvil.rpcUrl, chainId: 1, entryPoint: ENTRY_POINT_V08, port: 0 }),
    ).rejects.toThrow(`${anvil.rpcUrl} is chain ${chainId}, not 1: no bundler started`)
  })

  it('fails with alto’s output when its port is taken', async () => {
    const held = await holdPort()
    try {
      await expect(
        startBundler({ rpcUrl: anvil.rpcUrl, chainId, entryPoint: ENTRY_POINT_V08, port: held.port }),
      ).rejects.toThrow(
        /alto bundler \(chain 31337, port \d+\) exited .*before it was ready[\s\S]*EADDRINUSE/,
      )
    } finally {
      await held.release()
    }
  })
})
