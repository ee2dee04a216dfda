/**
 * Plugin contract 1.1 ConnectorProvider account details, as the kernel records them (a module of its
 * own: only the kernel's lazy plugin-connector chunk carries it).
 */
import type { AuthFrameUser } from './entities.ts'

/** The event a plugin connector's provider emits when what `accountDetails()` returns changed. */
export const ACCOUNT_DETAILS_CHANGED = 'accountDetailsChanged'

/** What the kernel writes into `accounts.eip155` from a plugin connector's account details. */
export interface RecordedAccountDetails {
  user?: AuthFrameUser
  preferredAccountType: 'eoa' | 'smartAccount'
  allAccounts: { namespace: 'eip155'; address: string; type: 'eoa' | 'smartAccount' }[]
  smartAccountDeployed: boolean
}

const MAX_REPORTED_ACCOUNTS = 16
const isEvmAddress = (value: unknown): value is string =>
  typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)
const isEvmAccountType = (value: unknown): value is 'eoa' | 'smartAccount' =>
  value === 'eoa' || value === 'smartAccount'
const reportedAccounts = (value: unknown) =>
  (Array.isArray(value) ? (value as unknown[]) : []).slice(0, MAX_REPORTED_ACCOUNTS).flatMap((entry) => {
    const { address, type } = (entry ?? {}) as { address?: unknown; type?: unknown }
    return isEvmAddress(address) && isEvmAccountType(type) ? [{ address, type }] : []
  })

/**
 * How the kernel records a plugin connector's account details (ConnectorProvider.accountDetails) for
 * the connected eip155 `address`: every part checked (a malformed one is dropped, never a crash), copied,
 * and the connected account always among `allAccounts` with its type.
 */
export function recordedAccountDetails(details: unknown, address: string): RecordedAccountDetails {
  const given = (details !== null && typeof details === 'object' ? details : {}) as Record<string, unknown>
  const raw = given.user as Partial<AuthFrameUser> | undefined
  const user: AuthFrameUser | undefined =
    raw !== null && typeof raw === 'object' && isEvmAddress(raw.address)
      ? {
          address: raw.address,
          chainId: typeof raw.chainId === 'number' || typeof raw.chainId === 'string' ? raw.chainId : 0,
          accounts: reportedAccounts(raw.accounts),
          ...(typeof raw.email === 'string' ? { email: raw.email.slice(0, 320) } : {}),
          ...(typeof raw.userName === 'string' ? { userName: raw.userName.slice(0, 100) } : {}),
          smartAccountDeployed: raw.smartAccountDeployed === true,
          ...(isEvmAccountType(raw.preferredAccountType)
            ? { preferredAccountType: raw.preferredAccountType }
            : {}),
        }
      : undefined
  const listed = reportedAccounts(given.allAccounts ?? user?.accounts)
  const same = (other: string) => other.toLowerCase() === address.toLowerCase()
  const own = listed.find((entry) => same(entry.address))
  const preferredAccountType = isEvmAccountType(given.preferredAccountType)
    ? given.preferredAccountType
    : (own?.type ?? 'eoa')
  const accounts = own ? listed : [{ address, type: preferredAccountType }, ...listed]
  return {
    ...(user ? { user } : {}),
    preferredAccountType,
    allAccounts: accounts.map((entry) => ({ namespace: 'eip155', address: entry.address, type: entry.type })),
    smartAccountDeployed:
      typeof given.smartAccountDeployed === 'boolean'
        ? given.smartAccountDeployed
        : user?.smartAccountDeployed === true,
  }
}
