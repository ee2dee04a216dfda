/**
 * The AUTH connector's EIP-1193 provider over the auth frame (plugin contract 1.1 connectors):
 * eth_requestAccounts reads the user the frame connected (GET_USER), eth_accounts restores a session
 * silently (IS_CONNECTED, GET_USER), wallet_switchEthereumChain is SWITCH_NETWORK, wallet_revokePermissions
 * is SIGN_OUT, everything else is RPC_REQUEST. Unsafe methods are approved or rejected by the user in the
 * frame itself (ApproveTransaction shows it); the app can only withdraw them (4001).
 */

import {
  type AccountType,
  type AuthFrameUser,
  type Eip1193Provider,
  PorticoError,
  UNSAFE_RPC_METHODS,
} from '@portico/shared-types'
import { ACCOUNT_DETAILS_CHANGED, type ConnectorAccountDetails } from '@portico/shared-types/plugin'
import type { Approvals } from './approvals.ts'
import { type FrameClient, FrameError } from './frameClient.ts'

type Listener = (...args: unknown[]) => void
type ProviderEvent = 'accountsChanged' | 'chainChanged' | 'disconnect' | typeof ACCOUNT_DETAILS_CHANGED

/** An EIP-1193 error of the embedded wallet's provider, named as the kernel's family names them. */
export class AuthProviderError extends PorticoError<number> {
  override name = 'ProviderRpcError'
}

export const userRejected = () => new AuthProviderError(4001, 'User rejected the request')

export interface AuthProviderOptions {
  frame: FrameClient
  approvals: Approvals
  /** The chain the frame starts on (the modal's active eip155 network). */
  chainId: number
  preferredAccountType(): AccountType
  /** Called with every user the frame returns (stored keys, account type). */
  onUser?(user: AuthFrameUser): void
  onSignOut?(): void
}

export interface AuthProvider extends Eip1193Provider {
  user(): AuthFrameUser | undefined
  /** Re-reads the user (GET_USER) with the current preferred type and announces a changed address. */
  refreshUser(): Promise<AuthFrameUser>
  /**
   * Plugin contract ConnectorProvider: the user, its accounts and the type of the account given to the
   * dapp; `accountDetailsChanged` follows every user read.
   */
  accountDetails(): ConnectorAccountDetails | undefined
  /** GET_SMART_ACCOUNT_ENABLED_NETWORKS: the eip155 chain ids where the frame has smart accounts. */
  smartAccountEnabledNetworks(): Promise<number[]>
}

const isAddress = (value: unknown): value is string =>
  typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)

/** A user reply checked before use: a malformed answer is an error, never a crash. */
export function parseUser(value: unknown): AuthFrameUser {
  const user = value as Partial<AuthFrameUser> | null
  if (!user || typeof user !== 'object' || !isAddress(user.address))
    throw new AuthProviderError(4900, 'The embedded wallet returned no account')
  const chainId = typeof user.chainId === 'number' || typeof user.chainId === 'string' ? user.chainId : 0
  const accounts = Array.isArray(user.accounts)
    ? user.accounts
        .slice(0, 16)
        .filter(
          (account) =>
            isAddress(account?.address) && (account.type === 'eoa' || account.type === 'smartAccount'),
        )
    : []
  return {
    address: user.address,
    chainId,
    accounts,
    ...(typeof user.email === 'string' ? { email: user.email.slice(0, 320) } : {}),
    ...(typeof user.userName === 'string' ? { userName: user.userName.slice(0, 100) } : {}),
    smartAccountDeployed: user.smartAccountDeployed === true,
    ...(user.preferredAccountType ? { preferredAccountType: user.preferredAccountType } : {}),
  }
}

/** The account the dapp sees: the preferred type's account when the frame has one, else the main address. */
export const addressOf = (user: AuthFrameUser, preferred: AccountType) =>
  user.accounts?.find((account) => account.type === preferred)?.address ?? user.address

const toHex = (chainId: number) => `0x${chainId.toString(16)}`

function chainIdNumber(value: unknown): number | undefined {
  const parsed =
    typeof value === 'number'
      ? value
      : typeof value === 'string'
        ? Number(value.startsWith('0x') ? Number.parseInt(value, 16) : value.split(':').at(-1))
        : Number.NaN
  return Number.isSafeInteger(parsed) && parsed > 0 ? parsed : undefined
}

export function createAuthProvider(options: AuthProviderOptions): AuthProvider {
  const { frame, approvals } = options
  const listeners = new Map<ProviderEvent, Set<Listener>>()
  let user: AuthFrameUser | undefined
  let chainId = options.chainId
  const emit = (event: ProviderEvent, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? []) listener(...args)
  }
  const current = () => (user ? addressOf(user, options.preferredAccountType()) : undefined)
  /** The account last given to the dapp: a re-read with another account type announces the change. */
  let announced: string | undefined

  async function readUser(): Promise<AuthFrameUser> {
    const next = parseUser(
      await frame.request('GET_USER', { chainId, preferredAccountType: options.preferredAccountType() }),
    )
    user = next
    options.onUser?.(next)
    const address = current()
    if (announced && address !== announced) emit('accountsChanged', [address])
    announced = address
    emit(ACCOUNT_DETAILS_CHANGED)
    return next
  }

  async function switchChain(params: unknown) {
    const [first] = Array.isArray(params) ? params : []
    const target = chainIdNumber((first as { chainId?: unknown } | undefined)?.chainId)
    if (target === undefined) throw new AuthProviderError(-32602, 'Invalid chain id')
    await frame.request('SWITCH_NETWORK', { chainId: target })
    if (target !== chainId) {
      chainId = target
      emit('chainChanged', toHex(target))
      // The user's accounts are per network (a smart account only where it is offered): re-read them,
      // so the dapp never keeps an account of the previous network.
      if (user) await readUser()
    }
    return null
  }

  async function signOut() {
    approvals.rejectAll()
    await frame.request('SIGN_OUT', undefined)
    const hadUser = user !== undefined
    user = undefined
    announced = undefined
    options.onSignOut?.()
    if (hadUser) emit('accountsChanged', [])
    return null
  }

  const provider: AuthProvider = {
    async request({ method, params }) {
      switch (method) {
        case 'eth_requestAccounts':
          await readUser()
          return [current()]
        case 'eth_accounts': {
          if (user) return [current()]
          const { isConnected } = await frame.request('IS_CONNECTED', {})
          if (isConnected !== true) return []
          await readUser()
          return [current()]
        }
        case 'eth_chainId':
          return toHex(chainId)
        case 'wallet_switchEthereumChain':
          return switchChain(params)
        // A disconnect, never gated: the visitor is leaving.
        case 'wallet_revokePermissions':
          return signOut()
      }
      const payload = params === undefined ? { method } : { method, params }
      if (!(UNSAFE_RPC_METHODS as readonly string[]).includes(method))
        return frame.request('RPC_REQUEST', payload)
      const withdraw = new AbortController()
      const held = approvals.hold(method, params, () => withdraw.abort())
      if (held === undefined) throw userRejected()
      try {
        return await frame.request('RPC_REQUEST', payload, { signal: withdraw.signal })
      } catch (error) {
        if (withdraw.signal.aborted || (error instanceof FrameError && error.code === 4001))
          throw userRejected()
        throw error
      } finally {
        approvals.release(held)
      }
    },
    on(event, listener) {
      let set = listeners.get(event as ProviderEvent)
      if (!set) {
        set = new Set()
        listeners.set(event as ProviderEvent, set)
      }
      set.add(listener as Listener)
    },
    removeListener(event, listener) {
      listeners.get(event as ProviderEvent)?.delete(listener as Listener)
    },
    user: () => user,
    refreshUser: readUser,
    accountDetails() {
      const address = current()
      if (!user || !address) return undefined
      const same = (other: string) => other.toLowerCase() === address.toLowerCase()
      const type = user.accounts?.find((account) => same(account.address))?.type ?? 'eoa'
      return {
        user,
        preferredAccountType: type,
        allAccounts: user.accounts?.length ? user.accounts : [{ address, type }],
        smartAccountDeployed: user.smartAccountDeployed === true,
      }
    },
    async smartAccountEnabledNetworks() {
      const reply = await frame.request('GET_SMART_ACCOUNT_ENABLED_NETWORKS', undefined)
      const list: unknown = reply?.smartAccountEnabledNetworks
      return Array.isArray(list)
        ? list.filter((id): id is number => Number.isSafeInteger(id) && id > 0).slice(0, 64)
        : []
    },
  }
  return provider
}
