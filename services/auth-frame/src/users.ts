import { randomUUID } from 'node:crypto'
import type { AccountType, AuthFrameUser } from '@portico/shared-types'
import type { Address, LocalAccount } from 'viem'
import { type FrameNetwork, publicChainId, sessionEvmNetwork } from './chains.ts'
import type { RequestContext, Services } from './context.ts'
import { generateUserKeys, openEvmAccount, openSolanaKeypair } from './crypto/userKeys.ts'
import { hashSecret, newSecret } from './crypto/vault.ts'
import type { SessionRow, UserRow } from './db/store.ts'
import { ERRORS, FrameError } from './errors.ts'

export async function createUser(
  svc: Services,
  fields: {
    /** Chosen beforehand when something must name the account before it exists (a passkey's user handle). */
    id?: string
    email?: string
    socialProvider?: string
    socialSubject?: string
    userName?: string
  },
): Promise<UserRow> {
  const id = fields.id ?? randomUUID()
  const row: Omit<UserRow, 'created_at'> = {
    id,
    email: fields.email ?? null,
    social_provider: fields.socialProvider ?? null,
    social_subject: fields.socialSubject ?? null,
    user_name: fields.userName ?? null,
    preferred_account_type: null,
  }
  await svc.store.insertUser(row, generateUserKeys(svc.vault, id))
  return { ...row, created_at: svc.now() }
}

/** A new session for a user on this device: the token the frame keeps (SESSION_UPDATE). */
export async function issueSession(
  svc: Services,
  userId: string,
  ctx: RequestContext,
  network: FrameNetwork,
): Promise<string> {
  const token = newSecret()
  await svc.store.insertSession(
    {
      token_hash: hashSecret(token),
      user_id: userId,
      device_hash: ctx.deviceHash,
      project_id: ctx.projectId,
      // Sessions keep the user's eip155 chain; Solana requests name their own network.
      chain_id:
        network.namespace === 'eip155' ? network.caip : sessionEvmNetwork(svc.config, network.caip).caip,
      expires_at: svc.now() + Math.min(svc.config.sessionTtlMs, svc.config.sessionMaxMs),
    },
    svc.now(),
  )
  return token
}

/**
 * The session of a request, or undefined: the token must exist, not be revoked or expired, and belong
 * to this device and project (a token copied elsewhere is refused).
 */
export async function currentSession(svc: Services, ctx: RequestContext): Promise<SessionRow | undefined> {
  if (!ctx.token || ctx.token.length > 128) return undefined
  const session = await svc.store.session(hashSecret(ctx.token))
  if (!session || session.revoked_at !== null || session.expires_at <= svc.now()) return undefined
  if (session.device_hash !== ctx.deviceHash || session.project_id !== ctx.projectId) return undefined
  await renew(svc, session)
  return session
}

/** Renew a used session at most this often (one write per active minute, not per request). */
const RENEW_AFTER_MS = 60_000

/** Sliding renewal: each use pushes the idle expiry forward, never past the cap set at login. */
async function renew(svc: Services, session: SessionRow): Promise<void> {
  const cap = (session.created_at ?? svc.now()) + svc.config.sessionMaxMs
  const next = Math.min(svc.now() + svc.config.sessionTtlMs, cap)
  if (next - session.expires_at < RENEW_AFTER_MS) return
  await svc.store.renewSession(session.token_hash, next)
  session.expires_at = next
}

export async function requireSession(
  svc: Services,
  ctx: RequestContext,
): Promise<{ session: SessionRow; user: UserRow }> {
  const session = await currentSession(svc, ctx)
  const user = session && (await svc.store.userById(session.user_id))
  if (!session || !user) throw new FrameError(ERRORS.notConnected)
  return { session, user }
}

export async function evmOwner(svc: Services, userId: string): Promise<LocalAccount> {
  const key = await svc.store.userKey(userId, 'eip155')
  if (!key) throw new FrameError(ERRORS.defaultFrameError)
  return openEvmAccount(svc.vault, userId, key.sealed_key)
}

export async function solanaKeypair(svc: Services, userId: string) {
  const key = await svc.store.userKey(userId, 'solana')
  if (!key) throw new FrameError(ERRORS.defaultFrameError)
  return openSolanaKeypair(svc.vault, userId, key.sealed_key)
}

/** The preferred type for a network: the user's choice, else behaviour §6's default (eip155 smartAccount when available). */
export function preferredType(svc: Services, user: UserRow, network: FrameNetwork): AccountType {
  if (network.namespace === 'solana') return 'eoa'
  const smart = svc.config.smartAccounts?.enabledNetworks().includes(network.chainId) ?? false
  const wanted = user.preferred_account_type ?? 'smartAccount'
  return wanted === 'smartAccount' && smart ? 'smartAccount' : 'eoa'
}

/** behaviour §3 auth frame user on a network, with its EOA and (where enabled) smart account. */
export async function describeUser(
  svc: Services,
  user: UserRow,
  network: FrameNetwork,
  wantedType?: AccountType,
): Promise<AuthFrameUser> {
  const base = {
    ...(user.email ? { email: user.email } : {}),
    ...(user.user_name ? { userName: user.user_name } : {}),
    chainId: publicChainId(network),
  }
  if (network.namespace === 'solana') {
    const key = await svc.store.userKey(user.id, 'solana')
    if (!key) throw new FrameError(ERRORS.defaultFrameError)
    return {
      ...base,
      address: key.address,
      accounts: [{ address: key.address, type: 'eoa' }],
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    }
  }
  const key = await svc.store.userKey(user.id, 'eip155')
  if (!key) throw new FrameError(ERRORS.defaultFrameError)
  const accounts: NonNullable<AuthFrameUser['accounts']> = [{ address: key.address, type: 'eoa' }]
  const smart = svc.config.smartAccounts
  let type =
    wantedType === 'eoa' || wantedType === 'smartAccount' ? wantedType : preferredType(svc, user, network)
  let smartAddress: Address | undefined
  let deployed = false
  if (smart?.enabledNetworks().includes(network.chainId)) {
    const owner = await evmOwner(svc, user.id)
    smartAddress = await smart.address(owner, network.chainId)
    deployed = await smart.isDeployed(smartAddress, network.chainId)
    accounts.push({ address: smartAddress, type: 'smartAccount' })
  } else type = 'eoa'
  return {
    ...base,
    address: type === 'smartAccount' && smartAddress ? smartAddress : key.address,
    accounts,
    preferredAccountType: type,
    smartAccountDeployed: deployed,
  }
}
