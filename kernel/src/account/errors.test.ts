import { MESSAGES } from '@portico/shared-types'
import { describe, expect, it } from 'vitest'
import { exampleWalletModal } from '../../test/account/exampleTesting.ts'
import { evmNetwork } from '../../test/account/solanaTesting.ts'
import { WalletError } from '../connectors/errors.ts'
import { exampleBody } from '../connectors/example/body.ts'
import { exampleKind } from '../connectors/example/kind.ts'
import { walkCauses } from '../errors/base.ts'
import { connectExternal } from './connect.ts'
import { disconnectAll } from './disconnect.ts'
import { NetworkError } from './errors.ts'
import { removeRequestedNetwork } from './requestedNetworks.ts'

/** A modal whose one wallet is the example kind's, its body's disconnect replaced by `disconnect`. */
function modal(disconnect = exampleBody.disconnect) {
  return exampleWalletModal({ ...exampleKind, load: async () => ({ ...exampleBody, disconnect }) })
}

const failureOf = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  )

describe('the lifecycle fails with the error family: a code to tell failures apart, the cause kept', () => {
  it('a wallet that is not listed is WALLET_UNAVAILABLE, before any connect starts', async () => {
    const kernel = modal()
    const failure = await failureOf(connectExternal(kernel, 'example:Gone'))
    expect(failure).toBeInstanceOf(WalletError)
    expect(failure).toMatchObject({
      code: 'WALLET_UNAVAILABLE',
      message: 'Wallet "example:Gone" is not available',
    })
    expect(kernel.events.map((event) => event.name)).not.toContain('CONNECT_ERROR')
  })

  it("a failed disconnect is WALLET_DISCONNECT_FAILED in the catalogue's words, the wallet's own error its cause", async () => {
    const refusal = new Error('the wallet refused')
    const kernel = modal(async () => {
      throw refusal
    })
    await connectExternal(kernel, 'example:Scripted')

    const failure = await failureOf(disconnectAll(kernel))

    expect(failure).toBeInstanceOf(WalletError)
    expect(failure).toMatchObject({
      name: 'WalletError',
      code: 'WALLET_DISCONNECT_FAILED',
      message: MESSAGES.failedToDisconnect,
      cause: refusal,
    })
    expect(walkCauses(failure)).toBe(refusal)
    expect(kernel.events.map((event) => event.name)).toContain('DISCONNECT_ERROR')
  })

  it('removing a network that is not requested is NETWORK_NOT_REQUESTED', () => {
    const kernel = modal()
    const failure = (() => {
      try {
        removeRequestedNetwork(kernel, evmNetwork(1))
      } catch (error) {
        return error
      }
      return undefined
    })()
    expect(failure).toBeInstanceOf(NetworkError)
    expect(failure).toMatchObject({ code: 'NETWORK_NOT_REQUESTED' })
  })
})
