import { callsDigest, canonicalCall, typedDataDigest } from '@portico/shared-types/preview-digest'
import { describe, expect, it } from 'vitest'
import { snapshotRequest } from './snapshot.ts'
import { previewSubject } from './subject.ts'

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TO = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const CONTEXT = { chainId: 31337, account: FROM }

describe('the request the API is asked about, and the digest its answer must carry', () => {
  it('a transaction without from is the connected account’s; input stands for data', () => {
    const subject = previewSubject(
      snapshotRequest({ method: 'eth_sendTransaction', params: [{ to: TO, value: '0x10', input: '0xAB' }] }),
      CONTEXT,
    )
    expect(subject).toEqual({
      ok: true,
      chainId: 31337,
      digest: callsDigest(31337, FROM, [canonicalCall({ to: TO, value: '0x10', data: '0xab' })]),
      body: { chainId: 'eip155:31337', transaction: { from: FROM, to: TO, value: '16', data: '0xab' } },
    })
  })

  it('a wallet_sendCalls batch on the chain it names', () => {
    const subject = previewSubject(
      snapshotRequest({
        method: 'wallet_sendCalls',
        params: [
          { version: '2.0.0', chainId: '0x7a6a', from: FROM, calls: [{ to: TO }, { to: TO, data: '0x01' }] },
        ],
      }),
      CONTEXT,
    )
    if (!subject.ok) throw new Error(subject.problem)
    expect(subject.chainId).toBe(31338)
    expect(subject.digest).toBe(
      callsDigest(31338, FROM, [canonicalCall({ to: TO }), canonicalCall({ to: TO, data: '0x01' })]),
    )
  })

  it('typed data given as a JSON string: the EIP-712 hash the wallet signs', () => {
    const payload = {
      domain: { name: 'Permit', chainId: 31337, verifyingContract: TO },
      types: { Permit: [{ name: 'spender', type: 'address' }] },
      primaryType: 'Permit',
      message: { spender: FROM },
    }
    const subject = previewSubject(
      snapshotRequest({ method: 'eth_signTypedData_v4', params: [FROM, JSON.stringify(payload)] }),
      CONTEXT,
    )
    if (!subject.ok) throw new Error(subject.problem)
    expect(subject.digest).toBe(typedDataDigest(payload))
  })

  it.each([
    [
      'a contract creation (no callee)',
      { method: 'eth_sendTransaction', params: [{ from: FROM, data: '0x60' }] },
    ],
    [
      'another chain than the connected one',
      { method: 'eth_sendTransaction', params: [{ to: TO, chainId: '0x1' }] },
    ],
    [
      'a numeric value (not a JSON-RPC quantity)',
      { method: 'eth_sendTransaction', params: [{ to: TO, value: 5 }] },
    ],
    [
      'typed data that does not match its types',
      {
        method: 'eth_signTypedData_v4',
        params: [
          FROM,
          {
            domain: {},
            types: { A: [{ name: 'x', type: 'uint8' }] },
            primaryType: 'A',
            message: { x: 'no' },
          },
        ],
      },
    ],
  ])('%s is not asked about', (_, args) => {
    expect(previewSubject(snapshotRequest(args), CONTEXT).ok).toBe(false)
  })
})
