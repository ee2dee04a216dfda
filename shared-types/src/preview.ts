/**
 * POST /v1/preview (services/api): what a request to sign would do to the signer's assets, shown before
 * it is signed. A transaction or a batch of calls is simulated on the chain (`eth_simulateV1`); an
 * EIP-712 payload is decoded (Permit, Permit2, other approvals). Every answer carries a `digest` of
 * exactly what was previewed: a wallet shows the preview only for a request whose own digest is equal
 * (`previewDigest` rules below), byte for byte.
 */
import type { CaipAddress, CaipNetworkId } from './caip.ts'

/** 0x-prefixed hex. */
export type PreviewHex = `0x${string}`

export interface PreviewCall {
  /** 0x address; absent (contract creation) is refused: a preview needs a callee. */
  to: PreviewHex
  /** Wei, decimal or 0x hex; default 0. */
  value?: string
  /** Calldata, 0x hex; default 0x. */
  data?: PreviewHex
}

export interface PreviewTransaction extends PreviewCall {
  from: PreviewHex
  /** Gas limit the wallet would send; not simulated with and not in the digest. */
  gas?: string
}

/** EIP-5792 `wallet_sendCalls` style: the calls run in order, from one sender, as one atomic batch. */
export interface PreviewBatch {
  from: PreviewHex
  calls: PreviewCall[]
}

/** `eth_signTypedData_v4`'s payload, signed by `from`. */
export interface PreviewTypedData {
  from: PreviewHex
  payload: {
    domain: Record<string, unknown>
    types: Record<string, { name: string; type: string }[]>
    primaryType: string
    message: Record<string, unknown>
  }
}

/** Exactly one of transaction, batch and typedData. */
export interface PreviewRequest {
  /** CAIP-2 (eip155:31337) or the bare chain number. */
  chainId: string
  projectId?: string
  transaction?: PreviewTransaction
  batch?: PreviewBatch
  typedData?: PreviewTypedData
}

export interface PreviewToken {
  /** CAIP-10 contract address; the native token is eip155:<id>:0xeeee…eeee. Identify tokens by this. */
  address: CaipAddress
  standard: 'native' | 'erc20' | 'erc721' | 'erc1155' | 'unknown'
  /** Read from the contract, invisible and bidi characters removed; null when it has none. */
  symbol: string | null
  name: string | null
  decimals: number | null
  /** False: not on the network's token list; whatever its symbol says, it is not that token. */
  listed: boolean
}

export interface PreviewAssetChange {
  direction: 'in' | 'out'
  token: PreviewToken
  /** Smallest units (native, ERC-20, ERC-1155); absent for an ERC-721 (one item). */
  amount?: string
  /** ERC-721 and ERC-1155. */
  tokenId?: string
  /** The other party: recipient of an outgoing change, sender of an incoming one (0x). */
  counterparty: PreviewHex
}

export interface PreviewApproval {
  token: PreviewToken
  /** Who may then move the tokens (spender or operator), 0x. */
  spender: PreviewHex
  /** ERC-20 / Permit amount in smallest units; absent for ERC-721 single approvals and approvals for all. */
  amount?: string
  /** max uint, ≥ 2^255, Permit2's max uint160, or an approval for all: call it out. */
  unlimited: boolean
  /** ERC-721 approve(spender, tokenId). */
  tokenId?: string
  /** setApprovalForAll / an operator approval; `revoked` when it takes rights away. */
  forAll?: boolean
  revoked: boolean
  /** Unix seconds the signature stops being usable (permits). */
  deadline?: string
  /** Unix seconds a Permit2 allowance itself ends. */
  expiration?: string
}

export interface PreviewRevert {
  /** Index of the call that failed (0 for a single transaction). */
  callIndex: number
  kind: 'error' | 'panic' | 'custom' | 'empty'
  /** Error(string)'s text (display-safe) or a panic's meaning. */
  reason?: string
  /** Panic code (decimal). */
  code?: string
  /** A custom error's 4-byte selector. */
  selector?: PreviewHex
}

export interface TransactionPreview {
  kind: 'transaction'
  chainId: CaipNetworkId
  digest: PreviewHex
  /** 'reverted': the action should be disabled. */
  status: 'success' | 'reverted'
  revert?: PreviewRevert
  /** Only changes of `from`'s own assets. */
  changes: PreviewAssetChange[]
  /** Approvals `from` grants or revokes. */
  approvals: PreviewApproval[]
  /** Gas the simulation used, all calls together (decimal). */
  gasUsed: string
}

export interface SignaturePreview {
  kind: 'signature'
  chainId: CaipNetworkId
  digest: PreviewHex
  /** Whether the payload is a permit this API knows (EIP-2612, DAI, Permit2, a spender + amount approval). */
  recognised: boolean
  primaryType: string
  approvals: PreviewApproval[]
  /** The payload's domain names another chain than the request's. */
  otherChain: boolean
}

export interface UnavailablePreview {
  kind: 'unavailable'
  chainId: CaipNetworkId
  digest: PreviewHex
  /** Fixed text: the node's own error is never answered. The user may still decide. */
  message: string
}

export type PreviewResponse = TransactionPreview | SignaturePreview | UnavailablePreview
