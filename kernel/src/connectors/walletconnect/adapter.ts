import type { Eip1193Provider } from '@portico/shared-types'
import type { WalletConnectProvider } from './provider.ts'

const SESSION_CLOSE_TIMEOUT_MS = 3_000

type Listener = (...args: never[]) => void

/** The eip155 chain the provider's session currently uses, as `eip155:<id>`. */
export function currentEip155Chain(provider: WalletConnectProvider): string | undefined {
  const sub = provider.rpcProviders.eip155 as { getDefaultChain?: () => string } | undefined
  const chain = sub?.getDefaultChain?.()
  return chain ? `eip155:${chain}` : undefined
}

/**
 * Ends the session at the wallet (wc_sessionDelete through the relay) and locally. An unreachable
 * relay would hold the delete for a long time: after a few seconds the session is dropped locally,
 * so a reload does not restore it.
 */
export async function closeSession(provider: WalletConnectProvider): Promise<void> {
  const topic = provider.session?.topic
  if (!topic) return
  const remote = provider.disconnect().then(
    () => true,
    () => false,
  )
  const done = await Promise.race([
    remote,
    new Promise<false>((resolve) => setTimeout(() => resolve(false), SESSION_CLOSE_TIMEOUT_MS)),
  ])
  if (done) return
  try {
    await provider.client.session.delete(topic, { code: 6000, message: 'User disconnected.' })
  } catch {
    // Already gone.
  }
  provider.session = undefined
}

/**
 * The UniversalProvider's eip155 side as the EIP-1193 provider the kernel's eip155 session expects:
 * requests go to the session's current chain; accountsChanged, chainChanged and disconnect (the
 * wallet deleted the session) come from the provider. EIP-2255 `wallet_revokePermissions` (what the
 * kernel's disconnect sends) ends the WalletConnect session.
 */
export function eip155Adapter(provider: WalletConnectProvider, onClosed: () => void): Eip1193Provider {
  return {
    async request({ method, params }) {
      if (method === 'wallet_revokePermissions') {
        await closeSession(provider)
        onClosed()
        return null
      }
      const args = params === undefined ? { method } : { method, params: params as object }
      return provider.request(args, currentEip155Chain(provider))
    },
    on(event: string, listener: Listener) {
      provider.on(event, listener)
    },
    removeListener(event: string, listener: Listener) {
      provider.removeListener(event, listener)
    },
  }
}
