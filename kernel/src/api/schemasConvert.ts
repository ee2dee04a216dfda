/**
 * Convert (swap) answers as plugins get them: the base shapes of schemas.ts, plus what a hostile or
 * broken API must not slip through to a wallet request (behaviour §7 convert calls).
 */
import * as v from 'valibot'
import { droppingList } from './quantity.ts'
import {
  ApproveTransactionSchema as ApproveShape,
  SwapTokenSchema,
  SwapTransactionSchema as SwapTransactionShape,
} from './schemas.ts'

/** ERC-20 decimals are a uint8; more would also make unit maths build absurdly long numbers. */
export const MAX_TOKEN_DECIMALS = 255

const HEX_ADDRESS = /^0x[\da-fA-F]{40}$/
const CAIP_EVM_ADDRESS = /^eip155:\d{1,20}:0x[\da-fA-F]{40}$/
/** A transaction's `to`/`from`: a 0x address or its eip155 CAIP-10 form, nothing else. */
export const isTxAddress = (value: string) => HEX_ADDRESS.test(value) || CAIP_EVM_ADDRESS.test(value)

const txAddressMessage = (field: string) => `Expected tx.${field} as a 0x or eip155 CAIP-10 address`

/** One malformed token (say decimals 1e6) is dropped and reported, never the whole list. */
export const swapTokensSchema = (onDrop?: (message: string) => void) =>
  v.object({
    tokens: droppingList(
      v.pipe(
        SwapTokenSchema,
        v.check(
          (token) => token.decimals <= MAX_TOKEN_DECIMALS,
          `Expected token decimals of at most ${MAX_TOKEN_DECIMALS}`,
        ),
      ),
      onDrop,
    ),
  })

export const SwapTokensSchema = swapTokensSchema()

export const SwapTransactionSchema = v.pipe(
  SwapTransactionShape,
  v.check(({ tx }) => isTxAddress(tx.to), txAddressMessage('to')),
  v.check(({ tx }) => tx.from === undefined || isTxAddress(tx.from), txAddressMessage('from')),
)

export const ApproveTransactionSchema = v.pipe(
  ApproveShape,
  v.check(({ tx }) => isTxAddress(tx.to), txAddressMessage('to')),
  v.check(({ tx }) => isTxAddress(tx.from), txAddressMessage('from')),
)
