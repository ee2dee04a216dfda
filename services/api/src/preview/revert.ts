/**
 * Why a simulated call reverted (@portico/shared-types/preview-simulate), with Error(string)'s text
 * made display-safe by the API's own rules (displayText.ts) and cut to MAX_REVERT_REASON_CHARS.
 */
import { type DecodedRevert, decodeRevert as decodeRevertData } from '@portico/shared-types/preview-simulate'
import type { Hex } from 'viem'
import { displayText } from '../displayText.ts'
import { MAX_REVERT_REASON_CHARS } from './limits.ts'

export type { DecodedRevert }

export const decodeRevert = (data: Hex): DecodedRevert =>
  decodeRevertData(data, (text) => displayText(text, MAX_REVERT_REASON_CHARS))
