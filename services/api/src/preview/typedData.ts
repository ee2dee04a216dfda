/**
 * What an EIP-712 payload lets someone do with the signer's tokens: EIP-2612 and DAI permits, Permit2's
 * allowances (PermitSingle, PermitBatch) and signature transfers (PermitTransferFrom, its batch and
 * witness forms), and any other message naming a spender and an amount. The payload is hashed first
 * (viem checks the message against its types); a payload that does not hash is refused.
 */
import { typedDataDigest } from '@portico/shared-types/preview-digest'
import { type Address, getAddress, type Hex, isAddress, maxUint160 } from 'viem'
import { badRequest } from '../http/errors.ts'
import { type RawApproval, UNLIMITED_FROM } from './effects.ts'
import type { TypedPayload } from './request.ts'

export interface DecodedTypedData {
  digest: Hex
  recognised: boolean
  approvals: RawApproval[]
  /** The domain's chainId, when it has one. */
  domainChainId: bigint | null
}

type Fields = Record<string, unknown>

export function decodeTypedData(payload: TypedPayload): DecodedTypedData {
  let digest: Hex
  try {
    digest = typedDataDigest(payload)
  } catch {
    throw badRequest('typedData.payload does not match its types (EIP-712)')
  }
  const approvals = permitApprovals(payload)
  return {
    digest,
    recognised: approvals !== null,
    approvals: approvals ?? [],
    domainChainId: integer(payload.domain.chainId),
  }
}

/** The approvals a recognised permit grants; null when the payload is not one. */
function permitApprovals({ primaryType, message, domain }: TypedPayload): RawApproval[] | null {
  const verifying = addressOf(domain.verifyingContract)
  switch (primaryType) {
    case 'PermitSingle':
      return permit2(message, [message.details], message.sigDeadline)
    case 'PermitBatch':
      return permit2(message, listOf(message.details), message.sigDeadline)
    case 'PermitTransferFrom':
    case 'PermitWitnessTransferFrom':
      return permit2(message, [message.permitted], message.deadline)
    case 'PermitBatchTransferFrom':
    case 'PermitBatchWitnessTransferFrom':
      return permit2(message, listOf(message.permitted), message.deadline)
  }
  if (verifying === null) return null
  // DAI's permit: holder, spender, nonce, expiry, allowed (all or nothing).
  if (primaryType === 'Permit' && typeof message.allowed === 'boolean') {
    const spender = addressOf(message.spender)
    if (spender === null) return null
    return [
      {
        token: verifying,
        standard: 'erc20',
        spender,
        unlimited: message.allowed,
        revoked: !message.allowed,
        ...optional('deadline', integer(message.expiry)),
      },
    ]
  }
  // EIP-2612 (owner, spender, value, nonce, deadline) and any other spender + amount message.
  const spender = addressOf(message.spender ?? message.operator)
  const amount = integer(message.value ?? message.amount)
  if (spender === null || amount === null) return null
  const token = addressOf(message.token) ?? verifying
  return [
    {
      ...amountApproval(token, spender, amount, UNLIMITED_FROM),
      ...optional('deadline', integer(message.deadline ?? message.expiry)),
    },
  ]
}

/**
 * Permit2: allowances (PermitSingle, PermitBatch: each detail approves its token until `expiration`,
 * the signature ends at sigDeadline) and signature transfers (the spender may move up to `amount` of each
 * token once, until `deadline`).
 */
function permit2(message: Fields, items: unknown[], deadline: unknown): RawApproval[] | null {
  const spender = addressOf(message.spender)
  if (spender === null || items.length === 0) return null
  const approvals: RawApproval[] = []
  for (const item of items) {
    const f = fields(item)
    const token = addressOf(f?.token)
    const amount = integer(f?.amount)
    if (token === null || amount === null) return null
    approvals.push({
      ...amountApproval(token, spender, amount, maxUint160),
      ...optional('deadline', integer(deadline)),
      ...optional('expiration', integer(f?.expiration)),
    })
  }
  return approvals
}

/** Permit2 amounts are uint160: its max means unlimited there. */
function amountApproval(
  token: Address,
  spender: Address,
  amount: bigint,
  unlimitedFrom: bigint,
): RawApproval {
  return {
    token,
    standard: 'erc20',
    spender,
    amount,
    unlimited: amount >= unlimitedFrom || amount >= UNLIMITED_FROM,
    revoked: amount === 0n,
  }
}

function optional<K extends 'deadline' | 'expiration'>(key: K, value: bigint | null): { [P in K]?: bigint } {
  return (value === null ? {} : { [key]: value }) as { [P in K]?: bigint }
}

const listOf = (x: unknown): unknown[] => (Array.isArray(x) ? x : [])

function fields(x: unknown): Fields | null {
  return x !== null && typeof x === 'object' && !Array.isArray(x) ? (x as Fields) : null
}

function addressOf(x: unknown): Address | null {
  return typeof x === 'string' && isAddress(x, { strict: false }) ? getAddress(x) : null
}

/** A uint as typed data carries it: a JSON number, a decimal or 0x hex string. */
function integer(x: unknown): bigint | null {
  if (typeof x === 'number' && Number.isSafeInteger(x) && x >= 0) return BigInt(x)
  if (typeof x === 'string' && /^(0x[0-9a-fA-F]{1,64}|\d{1,78})$/.test(x)) return BigInt(x)
  return null
}
