import { type Address, hashTypedData, maxUint160 } from 'viem'
import { describe, expect, it } from 'vitest'
import { PERMIT_DETAILS_TYPE, permitSingle } from '../../test/fixtures/permit2.ts'
import type { TypedPayload } from './request.ts'
import { decodeTypedData } from './typedData.ts'

const TOKEN = '0x3333333333333333333333333333333333333333' as Address
const OTHER_TOKEN = '0x4444444444444444444444444444444444444444' as Address
const SPENDER = '0x2222222222222222222222222222222222222222' as Address
const OWNER = '0x1111111111111111111111111111111111111111' as Address

const permit2Domain = permitSingle({
  chainId: 31337,
  token: TOKEN,
  spender: SPENDER,
  amount: '0',
  expiration: '0',
  sigDeadline: '0',
}).domain
const tokenPermissions = [
  { name: 'token', type: 'address' },
  { name: 'amount', type: 'uint256' },
]

describe('EIP-712 permits', () => {
  it('decodes a Permit2 PermitSingle: unlimited at max uint160, spender, sigDeadline and expiration', () => {
    const payload: TypedPayload = permitSingle({
      chainId: 31337,
      token: TOKEN,
      spender: SPENDER,
      amount: maxUint160.toString(),
      expiration: '1900000000',
      sigDeadline: '1800000000',
    })
    const decoded = decodeTypedData(payload)
    expect(decoded.digest).toBe(hashTypedData(payload as Parameters<typeof hashTypedData>[0]))
    expect(decoded.recognised).toBe(true)
    expect(decoded.domainChainId).toBe(31337n)
    expect(decoded.approvals).toEqual([
      {
        token: TOKEN,
        standard: 'erc20',
        spender: SPENDER,
        amount: maxUint160,
        unlimited: true,
        revoked: false,
        deadline: 1_800_000_000n,
        expiration: 1_900_000_000n,
      },
    ])
  })

  it('decodes a Permit2 PermitBatch into one approval per token, bounded amounts not unlimited', () => {
    const decoded = decodeTypedData({
      domain: permit2Domain,
      primaryType: 'PermitBatch',
      types: {
        PermitBatch: [
          { name: 'details', type: 'PermitDetails[]' },
          { name: 'spender', type: 'address' },
          { name: 'sigDeadline', type: 'uint256' },
        ],
        PermitDetails: PERMIT_DETAILS_TYPE,
      },
      message: {
        details: [
          { token: TOKEN, amount: '1000', expiration: 1, nonce: 0 },
          { token: OTHER_TOKEN, amount: maxUint160.toString(), expiration: 1, nonce: 0 },
        ],
        spender: SPENDER,
        sigDeadline: 2,
      },
    })
    expect(decoded.approvals.map((a) => [a.token, a.amount, a.unlimited])).toEqual([
      [TOKEN, 1000n, false],
      [OTHER_TOKEN, maxUint160, true],
    ])
  })

  it('decodes a Permit2 PermitTransferFrom (one signature transfer) with its deadline', () => {
    const decoded = decodeTypedData({
      domain: permit2Domain,
      primaryType: 'PermitTransferFrom',
      types: {
        PermitTransferFrom: [
          { name: 'permitted', type: 'TokenPermissions' },
          { name: 'spender', type: 'address' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
        TokenPermissions: tokenPermissions,
      },
      message: { permitted: { token: TOKEN, amount: '5' }, spender: SPENDER, nonce: '7', deadline: '99' },
    })
    expect(decoded.approvals).toEqual([
      {
        token: TOKEN,
        standard: 'erc20',
        spender: SPENDER,
        amount: 5n,
        unlimited: false,
        revoked: false,
        deadline: 99n,
      },
    ])
  })

  it('decodes an EIP-2612 Permit on the token of the domain', () => {
    const decoded = decodeTypedData({
      domain: { name: 'Token', version: '1', chainId: 1, verifyingContract: TOKEN },
      primaryType: 'Permit',
      types: {
        Permit: [
          { name: 'owner', type: 'address' },
          { name: 'spender', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'nonce', type: 'uint256' },
          { name: 'deadline', type: 'uint256' },
        ],
      },
      message: {
        owner: OWNER,
        spender: SPENDER,
        value: (2n ** 256n - 1n).toString(),
        nonce: 0,
        deadline: 10,
      },
    })
    expect(decoded.domainChainId).toBe(1n)
    expect(decoded.approvals.map((a) => [a.token, a.spender, a.unlimited, a.deadline])).toEqual([
      [TOKEN, SPENDER, true, 10n],
    ])
  })

  it('answers an unknown message as not recognised, and refuses a payload that does not match its types', () => {
    const mail = {
      domain: { name: 'Mail' },
      primaryType: 'Mail',
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      message: { contents: 'hello' },
    }
    expect(decodeTypedData(mail)).toMatchObject({ recognised: false, approvals: [] })
    expect(() =>
      decodeTypedData({ ...mail, types: { Mail: [{ name: 'contents', type: 'address' }] } }),
    ).toThrow(/does not match its types/)
  })
})
