import { describe, expect, it } from 'vitest'
import { PorticoError } from './base.ts'
import {
  ChainDisconnectedError,
  InternalRpcError,
  InvalidParamsRpcError,
  ProviderDisconnectedError,
  ProviderRpcError,
  RPC_ERROR_CODES,
  toProviderRpcError,
  UnauthorizedProviderError,
  UnsupportedProviderMethodError,
  UserRejectedRequestError,
} from './rpc.ts'

describe('EIP-1193 provider errors', () => {
  it('each code of the family has its class, all of them ProviderRpcError and PorticoError', () => {
    const family = [
      [new UserRejectedRequestError('no'), 4001],
      [new UnauthorizedProviderError('no'), 4100],
      [new UnsupportedProviderMethodError('no'), 4200],
      [new ProviderDisconnectedError('no'), 4900],
      [new ChainDisconnectedError('no'), 4901],
      [new InvalidParamsRpcError('no'), -32602],
      [new InternalRpcError('no'), -32603],
    ] as const
    for (const [error, code] of family) {
      expect(error).toBeInstanceOf(ProviderRpcError)
      expect(error).toBeInstanceOf(PorticoError)
      expect(error.code).toBe(code)
    }
    expect(RPC_ERROR_CODES.userRejected).toBe(4001)
  })

  it("maps a wallet's rejection to the class of its code, keeping message, data and the original", () => {
    const rejection = { code: 4001, message: 'User rejected the request.', data: { reason: 'x' } }
    const mapped = toProviderRpcError(rejection)
    expect(mapped).toBeInstanceOf(UserRejectedRequestError)
    expect(mapped).toMatchObject({ code: 4001, message: 'User rejected the request.', data: { reason: 'x' } })
    expect((mapped as UserRejectedRequestError).cause).toBe(rejection)
    const thrown = Object.assign(new Error('Unsupported'), { code: 4200 })
    expect(toProviderRpcError(thrown)).toBeInstanceOf(UnsupportedProviderMethodError)
  })

  it('passes on what it does not know, and its own errors as they are', () => {
    const own = new InternalRpcError('failed')
    expect(toProviderRpcError(own)).toBe(own)
    const other = Object.assign(new Error('odd'), { code: 1234 })
    expect(toProviderRpcError(other)).toBe(other)
    expect(toProviderRpcError('text')).toBe('text')
    expect(toProviderRpcError(undefined)).toBeUndefined()
  })
})
