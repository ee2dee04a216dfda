import { encodeFunctionData, erc20Abi, maxUint256, parseUnits, stringToHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { cleanText, describeRequest, messageText } from './describe.ts'

const CTX = {
  site: 'http://localhost:4173',
  network: 'Local (eip155:31337)',
  account: '0x1111111111111111111111111111111111111111',
}
const TOKEN = '0x2222222222222222222222222222222222222222'
const SPENDER = '0x3333333333333333333333333333333333333333'
const row = (rows: { label: string; value: string; warn?: boolean }[], label: string) =>
  rows.find((r) => r.label === label)

describe('what the frame shows before an approval, from hostile requests', () => {
  it('bidi overrides, zero-width and control characters never reach the screen; newlines stay', () => {
    expect(cleanText('pay\u202Eevil\u200B\u0007 me\nnow')).toBe('payevil me\nnow')
    expect(messageText(stringToHex('Sign in\u202Egnp.exe'))).toBe('Sign ingnp.exe')
    // Bytes that are not printable UTF-8 are shown as hex, never as text.
    expect(messageText('0xff00fe')).toBe('0xff00fe')
  })

  it('an ERC-20 transfer shows the recipient and the token by contract address, not only a symbol', async () => {
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [SPENDER, parseUnits('5', 6)],
    })
    const { rows } = await describeRequest('eth_sendTransaction', [{ to: TOKEN, data }], CTX)
    expect(row(rows, 'To')?.value).toBe(SPENDER)
    expect(row(rows, 'Token')?.value).toContain(TOKEN)
    expect(row(rows, 'Site')?.value).toBe(CTX.site)
  })

  it('an unlimited approval is called out', async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, maxUint256] })
    const { rows } = await describeRequest('eth_sendTransaction', [{ to: TOKEN, data }], CTX)
    expect(row(rows, 'Approve spender')?.value).toBe(SPENDER)
    expect(row(rows, 'Allowance')).toMatchObject({ warn: true, value: expect.stringContaining('Unlimited') })
  })

  it('an unknown call is shown as such with its data, and a native amount in ETH', async () => {
    const { rows } = await describeRequest(
      'eth_sendTransaction',
      [{ to: TOKEN, data: '0xdeadbeef', value: '0xde0b6b3a7640000' }],
      CTX,
    )
    expect(row(rows, 'Call data')).toMatchObject({ warn: true, value: '0xdeadbeef' })
    expect(row(rows, 'Amount')?.value).toBe('1 ETH')
  })

  it('fee fields the site set are shown (in gwei)', async () => {
    const { rows } = await describeRequest(
      'eth_sendTransaction',
      [{ to: TOKEN, value: '0x1', maxFeePerGas: '0x77359400', maxPriorityFeePerGas: '0x3b9aca00' }],
      CTX,
    )
    expect(row(rows, 'Fees set by the site')?.value).toBe('max fee: 2 gwei\nmax priority fee: 1 gwei')
  })

  it('typed data: domain, primary type, and a permit’s spender and unlimited value', async () => {
    const typed = {
      domain: { name: 'USD\u202EC', chainId: 31337, verifyingContract: TOKEN },
      primaryType: 'Permit',
      types: {},
      message: { spender: SPENDER, value: maxUint256.toString() },
    }
    const { rows } = await describeRequest('eth_signTypedData_v4', [CTX.account, JSON.stringify(typed)], CTX)
    expect(row(rows, 'Domain')?.value).toContain(`verifyingContract: ${TOKEN}`)
    expect(row(rows, 'Domain')?.value).not.toContain('\u202E')
    expect(row(rows, 'Primary type')?.value).toBe('Permit')
    expect(row(rows, 'Spender')?.value).toBe(SPENDER)
    expect(row(rows, 'Allowance')?.warn).toBe(true)
  })

  it('a huge batch shows at most 8 calls and says how many are hidden', async () => {
    const calls = Array.from({ length: 20 }, () => ({ to: TOKEN, value: '0x1' }))
    const { title, rows } = await describeRequest('wallet_sendCalls', [{ calls }], CTX)
    expect(title).toBe('Send 20 calls at once')
    expect(row(rows, 'More calls')?.value).toBe('12 more not shown')
  })
})
