import type { ChainNamespace, Connector } from '@portico/shared-types'
import { parseHexChainId } from '../chains/eip155.ts'
import type { Kernel } from '../kernel.ts'
import { loadBitcoin } from './bitcoinLoader.ts'
import { startEip155Session } from './eip155Session.ts'
import { loadSolanaSession } from './solanaLoader.ts'

export interface ConnectResult {
  /** Whether the wallet is on a network the app requested. */
  supported: boolean
}

function setStatus(kernel: Kernel, namespace: ChainNamespace, status: 'connecting' | 'disconnected') {
  kernel.store.update((draft) => {
    const account = draft.accounts[namespace]
    if (account && account.status !== 'connected') account.status = status
  })
}

/**
 * The connect flow around `run` (the wallet's prompt and the session start; it answers whether the
 * network is one the app requested): status connecting, then CONNECT_SUCCESS, or status
 * disconnected, CONNECT_ERROR and the error rethrown.
 */
export async function connectFlow(
  kernel: Kernel,
  namespace: ChainNamespace,
  connector: Connector,
  run: () => Promise<boolean>,
): Promise<ConnectResult> {
  setStatus(kernel, namespace, 'connecting')
  try {
    const supported = await run()
    kernel.bus.emit('CONNECT_SUCCESS', { method: 'browser', name: connector.name, namespace })
    return { supported }
  } catch (error) {
    setStatus(kernel, namespace, 'disconnected')
    const message = error instanceof Error ? error.message : String(error)
    kernel.bus.emit('CONNECT_ERROR', { message, name: connector.name })
    throw error
  }
}

/** Connects an announced or injected wallet (prompts the wallet): eip155, or solana (Wallet Standard). */
export async function connectExternal(kernel: Kernel, connectorId: string): Promise<ConnectResult> {
  const connector = kernel.store.get().connectors.find((candidate) => candidate.id === connectorId)
  if (connector?.chain === 'solana') return (await loadSolanaSession()).connectSolana(kernel, connector)
  if (connector?.chain === 'bip122') return (await loadBitcoin()).connectBitcoin(kernel, connector)
  const provider = kernel.providers.get(connectorId)
  if (!connector || !provider) throw new Error(`Wallet "${connectorId}" is not available`)
  return connectFlow(kernel, connector.chain, connector, async () => {
    const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as string[]
    const address = accounts?.[0]
    if (!address) throw new Error('The wallet returned no account')
    const chainId = parseHexChainId(await provider.request({ method: 'eth_chainId' }))
    if (chainId === undefined) throw new Error('The wallet returned no chain id')
    return startEip155Session(kernel, connector, provider, address, chainId)
  })
}
