import { describe, expect, it } from 'vitest'
import { decodeMessage, summarize } from './requestSummary.ts'

describe('summarize', () => {
  it('personal_sign shows the message as text when it is UTF-8, else its hex', () => {
    expect(decodeMessage('0x68656c6c6f')).toBe('hello')
    expect(decodeMessage('0xff')).toBe('0xff')
    expect(decodeMessage('plain')).toBe('plain')
    expect(summarize('personal_sign', ['0x6869', '0xabc']).rows).toEqual([{ label: 'Message', value: 'hi' }])
  })

  it('eth_sendTransaction shows to, the value in wei and the data size', () => {
    const summary = summarize('eth_sendTransaction', [
      {
        to: '0x1111111111111111111111111111111111111111',
        value: '0xde0b6b3a7640000',
        data: '0xa9059cbb0000',
      },
    ])
    expect(summary.values).toEqual([10n ** 18n])
    expect(summary.rows.map((row) => row.label)).toEqual(['To', 'Value', 'Data'])
    expect(summary.rows[2]?.value).toBe('0xa9059cbb… (6 bytes)')
  })

  it('typed data shows domain and primary type; hostile params never throw', () => {
    const typed = JSON.stringify({
      domain: { name: 'Permit2' },
      primaryType: 'PermitSingle',
      message: { a: 1 },
    })
    expect(summarize('eth_signTypedData_v4', ['0x1', typed]).rows.slice(0, 2)).toEqual([
      { label: 'Domain', value: 'Permit2' },
      { label: 'Type', value: 'PermitSingle' },
    ])
    for (const params of [undefined, null, 'x', [null], [{ value: -1 }], [{ value: 'nan' }], ['{bad json']])
      for (const method of [
        'personal_sign',
        'eth_sendTransaction',
        'eth_signTypedData_v4',
        'wallet_sendCalls',
      ])
        expect(() => summarize(method, params)).not.toThrow()
  })

  it('wallet_sendCalls lists at most 10 calls', () => {
    const calls = Array.from({ length: 12 }, () => ({
      to: '0x1111111111111111111111111111111111111111',
      value: '0x1',
    }))
    const summary = summarize('wallet_sendCalls', [{ calls }])
    expect(summary.values).toHaveLength(10)
    expect(summary.rows.at(-1)).toEqual({ label: 'More calls', value: '2' })
  })
})
