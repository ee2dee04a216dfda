import {
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  type Hex,
  http,
  isAddress,
  isAddressEqual,
  isHex,
  type LocalAccount,
  type SignedAuthorization,
  type TypedDataDefinition,
} from 'viem'
import type { FrameChain } from '../config.ts'
import { FrameError } from '../errors.ts'
import {
  type PaymasterServiceConfig,
  SPONSORSHIP_ERRORS,
  sponsorshipConfigured,
  sponsorshipOf,
  UNSUPPORTED_CAPABILITY,
} from '../smartAccount/sponsorship.ts'
import type { SmartAccountCall, SmartAccountProvider } from '../smartAccountSeam.ts'
import { FRAME_READ_METHODS } from './allowList.ts'

const MAX_TYPED_DATA = 64 * 1024
const MAX_CALLS = 32
const MAX_ACCESS_LIST = 256
const MAX_STORAGE_KEYS = 1024
const MAX_AUTHORIZATIONS = 16
/** behaviour §9 max fee cap. */
const MAX_FEE = 2n ** 256n - 1n

export interface Eip155Signer {
  owner: LocalAccount
  chain: FrameChain
  /** The user's address on this chain as the app sees it (the smart account when preferred). */
  address: Address
  /** Set when the user's preferred account on this chain is the smart account. */
  smart?: SmartAccountProvider
  /** The paymaster services the app's project may name (ERC-7677, smartAccount/sponsorship.ts). */
  paymasterServices?: readonly PaymasterServiceConfig[]
}

const invalid = (message: string) => new FrameError(message, -32602)

function viemChain(chain: FrameChain): Chain {
  return defineChain({
    id: chain.chainId,
    name: chain.name ?? `Chain ${chain.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [chain.rpcUrl] } },
  })
}

const list = (params: unknown): unknown[] =>
  Array.isArray(params) ? params : params === undefined ? [] : [params]

function checkFrom(signer: Eip155Signer, from: unknown): void {
  if (from === undefined) return
  if (
    typeof from !== 'string' ||
    !isAddress(from, { strict: false }) ||
    !isAddressEqual(from, signer.address)
  )
    throw invalid('The request names an account that is not the connected one')
}

function hexField(value: unknown, name: string): Hex | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'string' || !isHex(value)) throw invalid(`${name} must be 0x-prefixed hex`)
  return value
}

function quantity(value: unknown, name: string): bigint | undefined {
  const hex = hexField(value, name)
  return hex === undefined ? undefined : BigInt(hex)
}

function parseCall(input: unknown): SmartAccountCall {
  if (!input || typeof input !== 'object') throw invalid('A call must be an object')
  const call = input as Record<string, unknown>
  if (typeof call.to !== 'string' || !call.to.startsWith('0x') || !isAddress(call.to, { strict: false }))
    throw invalid('Send-call targets must begin with 0x')
  const data = hexField(call.data, 'data')
  const value = quantity(call.value, 'value')
  return { to: call.to, ...(data !== undefined && { data }), ...(value !== undefined && { value }) }
}

const TX_TYPES = { '0x0': 'legacy', '0x1': 'eip2930', '0x2': 'eip1559', '0x4': 'eip7702' } as const
type TxType = (typeof TX_TYPES)[keyof typeof TX_TYPES]

export const FEE_ERRORS = {
  gasPriceWithFees: 'gasPrice cannot combine with maxFeePerGas or maxPriorityFeePerGas',
  feeBelowPriority: 'maxFeePerGas cannot be below maxPriorityFeePerGas',
  legacyWithFees: 'legacy or eip2930 cannot use EIP-1559 fee fields',
  blobs: 'Blob transactions (eip4844) are not supported: this wallet does not send blobs',
  recovery: 'Signature recovery value must be 0, 1, 27 or 28',
} as const

export interface TransactionFields {
  type?: TxType
  gasPrice?: bigint
  maxFeePerGas?: bigint
  maxPriorityFeePerGas?: bigint
  accessList?: { address: Address; storageKeys: Hex[] }[]
  authorizationList?: SignedAuthorization[]
}

function fee(value: unknown, name: string): bigint | undefined {
  const parsed = quantity(value, name)
  if (parsed !== undefined && parsed > MAX_FEE) throw invalid(`${name} is above the maximum fee cap`)
  return parsed
}

const isWord = (value: unknown): value is Hex =>
  typeof value === 'string' && /^0x[0-9a-fA-F]{64}$/.test(value)

function parseAccessList(value: unknown): TransactionFields['accessList'] {
  if (value === undefined || value === null) return undefined
  if (!Array.isArray(value) || value.length > MAX_ACCESS_LIST)
    throw invalid(`accessList must be a list of at most ${MAX_ACCESS_LIST} entries`)
  let keys = 0
  return value.map((entry: unknown) => {
    const { address, storageKeys } = (entry ?? {}) as { address?: unknown; storageKeys?: unknown }
    if (typeof address !== 'string' || !isAddress(address, { strict: false }))
      throw invalid('accessList entries need an address')
    if (!Array.isArray(storageKeys) || !storageKeys.every(isWord))
      throw invalid('accessList storageKeys must be 32-byte hex')
    keys += storageKeys.length
    if (keys > MAX_STORAGE_KEYS) throw invalid(`accessList has more than ${MAX_STORAGE_KEYS} storage keys`)
    return { address, storageKeys }
  })
}

/** A number or a hex quantity that fits a JS safe integer (chain id, nonce). */
function smallInt(value: unknown, name: string): number {
  const parsed =
    typeof value === 'number'
      ? value
      : typeof value === 'string' && isHex(value)
        ? Number(BigInt(value))
        : NaN
  if (!Number.isSafeInteger(parsed) || parsed < 0) throw invalid(`${name} must be a non-negative integer`)
  return parsed
}

function parseAuthorizations(value: unknown): SignedAuthorization[] | undefined {
  if (value === undefined || value === null) return undefined
  if (!Array.isArray(value) || value.length === 0 || value.length > MAX_AUTHORIZATIONS)
    throw invalid(`authorizationList needs 1 to ${MAX_AUTHORIZATIONS} signed authorizations`)
  return value.map((entry: unknown) => {
    const auth = (entry ?? {}) as Record<string, unknown>
    const address = auth.address ?? auth.contractAddress
    if (typeof address !== 'string' || !isAddress(address, { strict: false }))
      throw invalid('An authorization needs the address it delegates to')
    if (!isWord(auth.r) || !isWord(auth.s)) throw invalid('An authorization needs its signature (r, s)')
    const recovery =
      auth.yParity !== undefined && auth.yParity !== null
        ? smallInt(auth.yParity, 'yParity')
        : smallInt(auth.v, 'v')
    if (![0, 1, 27, 28].includes(recovery)) throw invalid(FEE_ERRORS.recovery)
    return {
      address,
      chainId: smallInt(auth.chainId, 'chainId'),
      nonce: smallInt(auth.nonce, 'nonce'),
      r: auth.r,
      s: auth.s,
      yParity: recovery % 27,
    }
  })
}

/**
 * The dapp's own type and fee fields of eth_sendTransaction (behaviour §5 fee rules, behaviour §4 type inference:
 * an authorizationList makes it eip7702, fee fields eip1559, gasPrice with an accessList eip2930, gasPrice
 * alone legacy, nothing the chain's default). Blob transactions are refused.
 */
export function transactionFields(tx: Record<string, unknown>): TransactionFields {
  const type = tx.type === undefined || tx.type === null ? undefined : String(tx.type).toLowerCase()
  if (
    type === '0x3' ||
    ['blobs', 'blobVersionedHashes', 'maxFeePerBlobGas', 'sidecars'].some(
      (field) => tx[field] !== undefined && tx[field] !== null,
    )
  )
    throw invalid(FEE_ERRORS.blobs)
  if (type !== undefined && !(type in TX_TYPES)) throw invalid(`Unsupported transaction type ${type}`)
  const gasPrice = fee(tx.gasPrice, 'gasPrice')
  const maxFeePerGas = fee(tx.maxFeePerGas, 'maxFeePerGas')
  const maxPriorityFeePerGas = fee(tx.maxPriorityFeePerGas, 'maxPriorityFeePerGas')
  const eip1559Fees = maxFeePerGas !== undefined || maxPriorityFeePerGas !== undefined
  if (gasPrice !== undefined && eip1559Fees) throw invalid(FEE_ERRORS.gasPriceWithFees)
  if (maxFeePerGas !== undefined && maxPriorityFeePerGas !== undefined && maxFeePerGas < maxPriorityFeePerGas)
    throw invalid(FEE_ERRORS.feeBelowPriority)
  const accessList = parseAccessList(tx.accessList)
  const authorizationList = parseAuthorizations(tx.authorizationList)
  const given = type === undefined ? undefined : TX_TYPES[type as keyof typeof TX_TYPES]
  if ((given === 'legacy' || given === 'eip2930') && eip1559Fees) throw invalid(FEE_ERRORS.legacyWithFees)
  if ((given === 'eip1559' || given === 'eip7702') && gasPrice !== undefined)
    throw invalid(`An ${given} transaction uses maxFeePerGas and maxPriorityFeePerGas, not gasPrice`)
  if (given === 'legacy' && accessList) throw invalid('A legacy transaction cannot carry an accessList')
  if (given !== undefined && given !== 'eip7702' && authorizationList)
    throw invalid('Only an eip7702 transaction carries an authorizationList')
  if (given === 'eip7702' && !authorizationList)
    throw invalid('An eip7702 transaction needs an authorizationList')
  return {
    ...(given !== undefined && { type: given }),
    ...(gasPrice !== undefined && { gasPrice }),
    ...(maxFeePerGas !== undefined && { maxFeePerGas }),
    ...(maxPriorityFeePerGas !== undefined && { maxPriorityFeePerGas }),
    ...(accessList !== undefined && { accessList }),
    ...(authorizationList !== undefined && { authorizationList }),
  }
}

/** The frame's eip155 methods: signing with the user's key, sending on the devnet, reads from the chain. */
export async function eip155Request(signer: Eip155Signer, method: string, params: unknown): Promise<unknown> {
  const chain = viemChain(signer.chain)
  const transport = http(signer.chain.rpcUrl, { retryCount: 0, timeout: 20_000 })
  const args = list(params)
  switch (method) {
    case 'eth_accounts':
    case 'eth_requestAccounts':
      return [signer.address]
    case 'eth_chainId':
      return `0x${signer.chain.chainId.toString(16)}`
    case 'personal_sign': {
      const [message, from] = args
      checkFrom(signer, from)
      if (typeof message !== 'string') throw invalid('personal_sign needs a message')
      const signable = isHex(message) ? { raw: message } : message
      if (signer.smart?.signMessage)
        return signer.smart.signMessage(signer.owner, signer.chain.chainId, signable)
      return signer.owner.signMessage({ message: signable })
    }
    case 'eth_signTypedData_v4': {
      const [from, data] = args
      checkFrom(signer, from)
      const typed = parseTypedData(data)
      if (signer.smart?.signTypedData)
        return signer.smart.signTypedData(signer.owner, signer.chain.chainId, typed)
      return signer.owner.signTypedData(typed)
    }
    case 'eth_sendTransaction': {
      const tx = (args[0] ?? {}) as Record<string, unknown>
      checkFrom(signer, tx.from)
      const call = parseCall(tx)
      const fields = transactionFields(tx)
      // A user operation: the bundler prices it (the dapp's fee fields do not apply); no delegation.
      if (signer.smart) {
        if (fields.authorizationList)
          throw invalid('A smart account does not send eip7702 authorizations: switch to the EOA')
        return signer.smart.sendCalls(signer.owner, signer.chain.chainId, [call])
      }
      const wallet = createWalletClient({ account: signer.owner, chain, transport })
      const gas = quantity(tx.gas, 'gas')
      const nonce = quantity(tx.nonce, 'nonce')
      return wallet.sendTransaction({
        ...call,
        ...fields,
        ...(gas !== undefined && { gas }),
        ...(nonce !== undefined && { nonce: Number(nonce) }),
      } as Parameters<typeof wallet.sendTransaction>[0])
    }
    case 'wallet_sendCalls': {
      const request = (args[0] ?? {}) as Record<string, unknown>
      checkFrom(signer, request.from)
      if (!Array.isArray(request.calls) || request.calls.length === 0 || request.calls.length > MAX_CALLS)
        throw invalid(`wallet_sendCalls needs 1 to ${MAX_CALLS} calls`)
      const calls = request.calls.map(parseCall)
      // Gas paid by the app: only a paymaster service the frame's configuration lists for this app and
      // chain; any other URL is refused here, before anything is fetched.
      const sponsorship = sponsorshipOf(
        request.capabilities,
        signer.chain.chainId,
        signer.paymasterServices ?? [],
      )
      if (sponsorship && !signer.smart && !sponsorship.optional)
        throw new FrameError(SPONSORSHIP_ERRORS.needsSmartAccount, UNSUPPORTED_CAPABILITY)
      if (signer.smart)
        return {
          id: await signer.smart.sendCalls(
            signer.owner,
            signer.chain.chainId,
            calls,
            sponsorship ? { paymaster: sponsorship.endpoint } : {},
          ),
        }
      const wallet = createWalletClient({ account: signer.owner, chain, transport })
      const hashes: Hex[] = []
      for (const call of calls) hashes.push(await wallet.sendTransaction(call))
      return { id: `0x${hashes.map((h) => h.slice(2)).join('')}` }
    }
    case 'wallet_getCallsStatus':
      return callsStatus(createPublicClient({ chain, transport }), args[0], signer.chain.chainId)
    case 'wallet_getCapabilities':
      return {
        [`0x${signer.chain.chainId.toString(16)}`]: {
          atomic: { status: signer.smart ? 'supported' : 'unsupported' },
          // ERC-7677: where the smart account can send with a paymaster service this app may name.
          ...(signer.smart &&
            sponsorshipConfigured(signer.chain.chainId, signer.paymasterServices ?? []) && {
              paymasterService: { supported: true },
            }),
        },
      }
    case 'eth_sendRawTransaction':
      return createPublicClient({ chain, transport }).request({
        method: 'eth_sendRawTransaction',
        params: [hexField(args[0], 'transaction') ?? '0x'],
      })
    default:
      if ((FRAME_READ_METHODS as readonly string[]).includes(method)) {
        // An allow-listed read, passed to the chain as is.
        const raw = transport({ chain }).request as (args: {
          method: string
          params: unknown[]
        }) => Promise<unknown>
        return raw({ method, params: args })
      }
      throw new FrameError(`${method} is not supported by this wallet`, 4200)
  }
}

function parseTypedData(data: unknown): TypedDataDefinition {
  const text = typeof data === 'string' ? data : JSON.stringify(data ?? null)
  if (text.length > MAX_TYPED_DATA) throw invalid('Typed data is too large')
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    throw invalid('Typed data must be JSON')
  }
  const typed = parsed as Partial<TypedDataDefinition> & { types?: Record<string, unknown> }
  if (
    !typed ||
    typeof typed !== 'object' ||
    typeof typed.primaryType !== 'string' ||
    !typed.types ||
    typeof typed.types !== 'object'
  )
    throw invalid('Typed data needs types, primaryType, domain and message')
  const { EIP712Domain: _domain, ...types } = typed.types
  return { ...typed, types } as TypedDataDefinition
}

/** EOA batches: the id is the calls' transaction hashes concatenated; status from their receipts. */
async function callsStatus(client: ReturnType<typeof createPublicClient>, id: unknown, chainId: number) {
  if (typeof id !== 'string' || !/^0x([0-9a-fA-F]{64}){1,32}$/.test(id)) throw invalid('Unknown calls id')
  const hashes = (id.slice(2).match(/.{64}/g) ?? []).map((h) => `0x${h}` as Hex)
  const receipts = await Promise.all(
    hashes.map((hash) => client.getTransactionReceipt({ hash }).catch(() => undefined)),
  )
  const done = receipts.every((r) => r !== undefined)
  const failed = receipts.some((r) => r?.status === 'reverted')
  return {
    version: '2.0.0',
    id,
    chainId: `0x${chainId.toString(16)}`,
    atomic: false,
    status: !done ? 100 : failed ? 500 : 200,
    receipts: receipts.flatMap((r) =>
      r
        ? [
            {
              logs: r.logs.map((l) => ({ address: l.address, data: l.data, topics: l.topics })),
              status: r.status === 'success' ? '0x1' : '0x0',
              blockHash: r.blockHash,
              blockNumber: `0x${r.blockNumber.toString(16)}`,
              gasUsed: `0x${r.gasUsed.toString(16)}`,
              transactionHash: r.transactionHash,
            },
          ]
        : [],
    ),
  }
}
