import type { AccountState } from './chain.ts'
import { invalidParams } from './jsonRpc.ts'
import { encodeBase58 } from './keys.ts'

/** rentEpoch of rent-exempt accounts: validators send u64::MAX, which JSON clients read as 2^64. */
const RENT_EXEMPT_EPOCH = 2 ** 64

export interface AccountConfig {
  encoding?: string
  dataSlice?: { offset?: number; length?: number }
}

function encodeData(data: Uint8Array, encoding: string): [string, string] {
  switch (encoding) {
    case 'base58':
      if (data.length > 128)
        throw invalidParams(
          'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
        )
      return [encodeBase58(data), 'base58']
    case 'base64':
    // jsonParsed: no parsers here; validators answer base64 for accounts they cannot parse.
    case 'jsonParsed':
      return [Buffer.from(data).toString('base64'), 'base64']
    default:
      throw invalidParams(
        `Invalid params: unsupported account encoding ${encoding}. Supported: base58, base64, jsonParsed`,
      )
  }
}

/** The account object of getAccountInfo, getMultipleAccounts and accountNotification. */
export function accountJson(account: AccountState | null, config: AccountConfig = {}) {
  if (account === null) return null
  const encoding = config.encoding ?? 'base58'
  let data = account.data
  if (config.dataSlice) {
    const offset = Number(config.dataSlice.offset ?? 0)
    const length = Number(config.dataSlice.length ?? data.length)
    data = data.slice(offset, offset + length)
  }
  return {
    data: encodeData(data, encoding),
    executable: account.executable,
    lamports: Number(account.lamports),
    owner: account.owner,
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: account.space,
  }
}
