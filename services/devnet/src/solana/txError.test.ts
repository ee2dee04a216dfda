import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { describeTransactionError, INSTRUCTION_ERRORS, TRANSACTION_ERRORS } from './txError.ts'

/** litesvm ships its error enums as `const enum`s (types only), so the names are copied; keep them in step. */
function constEnum(name: string): string[] {
  const dts = readFileSync(createRequire(import.meta.url).resolve('litesvm/dist/internal.d.ts'), 'utf8')
  const body = new RegExp(`export declare const enum ${name} \\{([^}]*)\\}`).exec(dts)?.[1] ?? ''
  return [...body.matchAll(/(\w+) = (\d+)/g)]
    .map((m) => [m[1], Number(m[2])] as const)
    .sort((a, b) => a[1] - b[1])
    .map(([n]) => n as string)
}

describe('transaction errors', () => {
  it('names litesvm error codes as the installed litesvm defines them', () => {
    expect(TRANSACTION_ERRORS).toEqual(constEnum('TransactionErrorFieldless'))
    expect(INSTRUCTION_ERRORS).toEqual(constEnum('InstructionErrorFieldless'))
  })

  it('describes errors the way validators word them', () => {
    expect(describeTransactionError({ InstructionError: [0, { Custom: 1 }] })).toBe(
      'Error processing Instruction 0: custom program error: 0x1',
    )
    expect(describeTransactionError('BlockhashNotFound')).toBe('blockhash not found')
    expect(describeTransactionError({ InsufficientFundsForRent: { account_index: 1 } })).toMatch(
      /account \(1\)/,
    )
  })
})
