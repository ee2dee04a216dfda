/** bip122 chain helpers for plugins, backed by bitcoinjs-lib (a lazy kernel chunk). */
import type { BitcoinHelpers } from '@portico/shared-types/plugin'
import { isAddress } from './bitcoinAddress.ts'
import { buildPsbt, checkedTransaction, planSend } from './bitcoinPsbt.ts'
import { unitHelpers } from './units.ts'

export const bitcoinHelpers: BitcoinHelpers = {
  ...unitHelpers,
  isAddress,
  planSend,
  buildPsbt,
  checkedTransaction,
}
