/**
 * Token quantities as the blockchain API sends them (behaviour §3 `quantity {decimals, numeric}`), checked
 * so a hostile or broken answer can never produce a wrong amount or hang unit maths: decimals are an
 * integer 0–255 (an ERC-20 `uint8`; "1e9", "2e8", "NaN", "1.5", -1 and 256 are refused), numeric is
 * a plain non-negative decimal with no more fraction digits than the decimals allow.
 */

import * as v from 'valibot'
import { errorMessage } from './errors.ts'

/** ERC-20 decimals are a uint8. */
export const MAX_DECIMALS = 255
const DECIMALS_MESSAGE = `Expected token decimals: an integer from 0 to ${MAX_DECIMALS}`

/** An integer 0–255 as a number or its plain decimal string; output as a string (the Quantity type). */
export const DecimalsSchema = v.pipe(
  v.union(
    [
      v.pipe(
        v.number(),
        v.integer(DECIMALS_MESSAGE),
        v.minValue(0, DECIMALS_MESSAGE),
        v.maxValue(MAX_DECIMALS, DECIMALS_MESSAGE),
      ),
      v.pipe(
        v.string(),
        v.regex(/^(0|[1-9]\d{0,2})$/, DECIMALS_MESSAGE),
        v.transform(Number),
        v.maxValue(MAX_DECIMALS),
      ),
    ],
    DECIMALS_MESSAGE,
  ),
  v.transform(String),
)

/** uint256 has 78 digits; fractions are bounded by the decimals. */
const PLAIN_AMOUNT = /^\d{1,78}(\.\d{1,255})?$/
const AMOUNT_MESSAGE = 'Expected a token amount: a plain non-negative decimal'

/** A non-negative decimal as a string ("1.5"), or a finite number whose text is one (not 1e21). */
export const AmountSchema = v.pipe(
  v.union(
    [
      v.pipe(v.string(), v.regex(PLAIN_AMOUNT, AMOUNT_MESSAGE)),
      v.pipe(
        v.number(),
        v.finite(AMOUNT_MESSAGE),
        v.transform(String),
        v.regex(PLAIN_AMOUNT, AMOUNT_MESSAGE),
      ),
    ],
    AMOUNT_MESSAGE,
  ),
)

const fractionDigits = (amount: string) => amount.split('.')[1]?.length ?? 0

export const QuantitySchema = v.pipe(
  v.object({ decimals: DecimalsSchema, numeric: AmountSchema }),
  v.check(
    ({ decimals, numeric }) => fractionDigits(numeric) <= Number(decimals),
    'Expected a token amount with no more fraction digits than its decimals',
  ),
)

/**
 * A list whose malformed items are dropped instead of failing the whole answer; each dropped item is
 * reported with behaviour §8's error display (its first validation issue's message).
 */
export function droppingList<T extends v.GenericSchema>(item: T, onDrop?: (message: string) => void) {
  return v.pipe(
    v.array(v.unknown()),
    v.transform((values) =>
      values.flatMap((value): v.InferOutput<T>[] => {
        const result = v.safeParse(item, value)
        if (result.success) return [result.output]
        onDrop?.(errorMessage({ issues: result.issues }))
        return []
      }),
    ),
  )
}
