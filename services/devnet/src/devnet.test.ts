import { createPublicClient, http, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { holdPort, isPortFree, isProcessAlive } from '../test/testUtils.ts'
import { DEV_ACCOUNTS } from './accounts.ts'
import { startAnvil } from './anvil.ts'
import { type Devnet, defaultChains, defaultSolana, startDevnet } from './devnet.ts'
import { SOLANA_DEV_ACCOUNTS } from './solana/accounts.ts'
import { LAMPORTS_PER_SOL, SOLANA_NETWORK_ID } from './solana/network.ts'

describe('startDevnet', () => {
  let devnet: Devnet
  let startMs = 0

  beforeAll(async () => {
    const t0 = performance.now()
    devnet = await startDevnet({
      chains: [
        { chainId: 31337, port: 0 },
        { chainId: 31338, port: 0 },
      ],
      solana: { port: 0 },
    })
    startMs = performance.now() - t0
  })
  afterAll(() => devnet?.stop())

  it('starts both chains on real ports with the requested chain ids', async () => {
    console.info(`devnet start-to-ready: ${Math.round(startMs)} ms`)
    expect(devnet.chains.map((c) => c.chainId)).toEqual([31337, 31338])
    for (const chain of devnet.chains) {
      expect(chain.port).toBeGreaterThan(0)
      expect(chain.rpcUrl).toBe(`http://127.0.0.1:${chain.port}`)
      const client = createPublicClient({ transport: http(chain.rpcUrl) })
      expect(await client.getChainId()).toBe(chain.chainId)
    }
  })

  it('funds the 10 dev accounts with 10000 ETH on each chain', async () => {
    expect(devnet.accounts).toBe(DEV_ACCOUNTS)
    for (const chain of devnet.chains) {
      const client = createPublicClient({ transport: http(chain.rpcUrl) })
      for (const { address } of devnet.accounts) {
        expect(await client.getBalance({ address })).toBe(parseEther('10000'))
      }
    }
  })

  it('runs the Solana RPC beside the chains, with the dev accounts funded', async () => {
    const solana = devnet.solana
    expect(solana?.networkId).toBe(SOLANA_NETWORK_ID)
    expect(solana?.rpcUrl).toBe(`http://127.0.0.1:${solana?.port}`)
    expect(solana?.wsUrl).toBe(`ws://127.0.0.1:${(solana?.port ?? 0) + 1}`)
    expect(solana?.accounts).toBe(SOLANA_DEV_ACCOUNTS)
    const res = await fetch(solana?.rpcUrl ?? '', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'getBalance',
        params: [SOLANA_DEV_ACCOUNTS[4]?.publicKey],
      }),
    })
    expect(((await res.json()) as { result: { value: number } }).result.value).toBe(1000 * LAMPORTS_PER_SOL)
  })

  it('stops idempotently and frees its ports', async () => {
    const ports = [...devnet.chains.map((c) => c.port), devnet.solana?.port ?? 0, devnet.solana?.wsPort ?? 0]
    for (const port of ports) expect(await isPortFree(port)).toBe(false)
    await Promise.all([devnet.stop(), devnet.stop()])
    await devnet.stop()
    for (const port of ports) expect(await isPortFree(port)).toBe(true)
  })
})

describe('startAnvil', () => {
  it('leaves no process behind after stop', async () => {
    const anvil = await startAnvil({ chainId: 31339, port: 0 })
    expect(isProcessAlive(anvil.pid)).toBe(true)
    await anvil.stop()
    expect(isProcessAlive(anvil.pid)).toBe(false)
  })

  it('fails clearly, with anvil output, when the port is taken', async () => {
    const held = await holdPort()
    try {
      await expect(
        startDevnet({ chains: [{ chainId: 31337, port: held.port }], solana: false }),
      ).rejects.toThrow(
        new RegExp(
          `anvil \\(chain 31337, 127.0.0.1:${held.port}\\) exited .*[\\s\\S]*Address already in use`,
        ),
      )
    } finally {
      await held.release()
    }
  })

  it('stops the chains that did start when another one fails', async () => {
    const held = await holdPort()
    const free = await holdPort()
    const freePort = free.port
    await free.release()
    try {
      await expect(
        startDevnet({
          chains: [
            { chainId: 31337, port: freePort },
            { chainId: 31338, port: held.port },
          ],
          solana: false,
        }),
      ).rejects.toThrow(/chain 31338/)
      expect(await isPortFree(freePort)).toBe(true)
    } finally {
      await held.release()
    }
  })

  it('stops the chains when the Solana RPC cannot listen', async () => {
    const held = await holdPort()
    const free = await holdPort()
    const freePort = free.port
    await free.release()
    try {
      await expect(
        startDevnet({ chains: [{ chainId: 31337, port: freePort }], solana: { port: held.port } }),
      ).rejects.toThrow(new RegExp(`Solana RPC \\(127.0.0.1:${held.port}\\) could not listen`))
      expect(await isPortFree(freePort)).toBe(true)
    } finally {
      await held.release()
    }
  })
})

describe('defaultSolana', () => {
  it('uses 8899 unless PORTICO_SOLANA_PORT says otherwise', () => {
    expect(defaultSolana({})).toEqual({ port: 8899 })
    expect(defaultSolana({ PORTICO_SOLANA_PORT: '0' })).toEqual({ port: 0 })
  })
})

describe('defaultChains', () => {
  it('uses 8545/8546 unless PORTICO_CHAIN_A_PORT / PORTICO_CHAIN_B_PORT say otherwise', () => {
    expect(defaultChains({})).toEqual([
      { chainId: 31337, port: 8545 },
      { chainId: 31338, port: 8546 },
    ])
    expect(defaultChains({ PORTICO_CHAIN_A_PORT: '9000', PORTICO_CHAIN_B_PORT: '9001' })).toEqual([
      { chainId: 31337, port: 9000 },
      { chainId: 31338, port: 9001 },
    ])
  })
})
