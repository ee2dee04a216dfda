import { describe, expect, it, vi } from 'vitest'
import { createSupportedNetworks } from './supportedNetworks.ts'

const log = { warn: vi.fn() }

describe('supported networks (behaviour §5 gate before API calls)', () => {
  it('falls back to the eip155 list plus the three Solana networks while the API list is unknown', async () => {
    const gate = createSupportedNetworks(() => Promise.reject(new Error('offline')), log)
    await gate.ready()
    expect(gate.has('eip155:1')).toBe(true)
    expect(gate.has('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe(true)
    expect(gate.has('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1')).toBe(true)
    expect(gate.has('solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z')).toBe(true)
    expect(gate.has('solana:unknownGenesisHash00000000000000')).toBe(false)
    expect(gate.has('eip155:31337')).toBe(false)
    expect(log.warn).toHaveBeenCalled()
  })

  it('uses the API list once it is read', async () => {
    const gate = createSupportedNetworks(async () => ({ http: ['eip155:31337'] }), log)
    await gate.ready()
    expect(gate.has('eip155:31337')).toBe(true)
    expect(gate.has('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe(false)
  })
})
