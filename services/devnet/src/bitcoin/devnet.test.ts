import { describe, expect, it } from 'vitest'
import { startDevnet } from '../devnet.ts'
import { BITCOIN_NETWORK_ID } from './network.ts'

describe('startDevnet with bitcoin', () => {
  it('leaves the node off unless asked', async () => {
    const devnet = await startDevnet({ chains: [], solana: false })
    expect(devnet.bitcoin).toBeUndefined()
    await devnet.stop()
  })

  it('starts the regtest node with the other chains and stops it with them', async () => {
    const devnet = await startDevnet({ chains: [], solana: false, bitcoin: { port: 0 } })
    const bitcoin = devnet.bitcoin
    expect(bitcoin?.networkId).toBe(BITCOIN_NETWORK_ID)
    const auth = `Basic ${Buffer.from(`x:${bitcoin?.apiKey}`).toString('base64')}`
    const info = (await (await fetch(`${bitcoin?.url}/`, { headers: { authorization: auth } })).json()) as {
      network: string
    }
    expect(info.network).toBe('regtest')
    await devnet.stop()
    await expect(fetch(`${bitcoin?.url}/`)).rejects.toThrow()
  }, 30_000)
})
