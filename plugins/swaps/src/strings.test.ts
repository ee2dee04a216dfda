import { connectedState, fakeContext } from '@portico/plugin-testing'
import type { I18nApi } from '@portico/shared-types'
import { describe, expect, it, vi } from 'vitest'
import { texts } from './strings.ts'

describe('strings', () => {
  it('English from the catalogue without ctx.i18n, placeholders filled', () => {
    const { ctx } = fakeContext(connectedState('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'))
    const t = texts(ctx)
    expect(t.amount).toBe('Amount to swap')
    expect(t.swapped('1.000 ETH', '2,961.034 USDC')).toBe('Swapped 1.000 ETH to 2,961.034 USDC')
    expect(t.sourceToken('ETH')).toBe('Swap from ETH, change token')
  })

  it('through ctx.i18n (the modal’s language) when the kernel gives one', () => {
    const t = vi.fn(
      (key: string, vars?: Record<string, string | number>) => `de:${key}:${JSON.stringify(vars ?? {})}`,
    )
    const { ctx } = fakeContext(connectedState('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'), {
      i18n: { t } as unknown as I18nApi,
    })
    expect(texts(ctx).amount).toBe('de:amount:{}')
    expect(texts(ctx).swapping('a', 'b')).toBe('de:swapping:{"from":"a","to":"b"}')
  })
})
