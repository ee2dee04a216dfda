/** `paymasterServices` URLs reach the wallet in wallet_sendCalls: only https (loopback http) on eip155 ids. */
import type { ModalOptions } from '@portico/shared-types'
import { describe, expect, it } from 'vitest'
import { localNetwork } from '../test/testing.ts'
import { resolveOptions } from './options.ts'
import { MAX_PAYMASTER_SERVICES } from './paymasterServices.ts'

const options = (paymasterServices: unknown): ModalOptions =>
  ({ projectId: 'p', networks: [localNetwork()], paymasterServices }) as ModalOptions

describe('the paymasterServices option', () => {
  it('keeps https URLs, and http ones on a loopback host, per eip155 network', () => {
    const services = {
      'eip155:8453': 'https://paymaster.example.com/v1/rpc?key=abc',
      'eip155:31337': 'http://127.0.0.1:4180/v1/paymaster/portico-dev',
      'eip155:31338': 'http://localhost:4180/v1/paymaster/portico-dev',
    }
    expect(resolveOptions(options(services)).paymasterServices).toEqual(services)
    expect(resolveOptions(options(undefined)).paymasterServices).toBeUndefined()
  })

  it.each([
    ['http on another host', { 'eip155:1': 'http://paymaster.example.com' }],
    ['a javascript: URL', { 'eip155:1': 'javascript:alert(1)' }],
    ['a data: URL', { 'eip155:1': 'data:text/html,x' }],
    ['not a URL', { 'eip155:1': 'paymaster' }],
    ['a non-string', { 'eip155:1': 42 }],
    ['an over-long URL', { 'eip155:1': `https://x.example/${'a'.repeat(2100)}` }],
    ['a non-eip155 network', { 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'https://x.example' }],
    ['a bare chain id', { 1: 'https://x.example' }],
    ['a chain id 0', { 'eip155:0': 'https://x.example' }],
    ['a list', ['https://x.example']],
    ['a string', 'https://x.example'],
    [
      'too many networks',
      Object.fromEntries(
        Array.from({ length: MAX_PAYMASTER_SERVICES + 1 }, (_, i) => [
          `eip155:${i + 1}`,
          'https://x.example',
        ]),
      ),
    ],
  ])('refuses %s with CONFIG_INVALID_PAYMASTER_SERVICE', (_, services) => {
    expect(() => resolveOptions(options(services))).toThrow(
      expect.objectContaining({ code: 'CONFIG_INVALID_PAYMASTER_SERVICE' }),
    )
  })
})
