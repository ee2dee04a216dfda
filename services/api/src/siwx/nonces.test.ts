import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { parseSiwxMessage } from './message.ts'
import { createMemoryNonceLedger, createNonceSigner } from './nonces.ts'

const T = 1_800_000_000_000

describe('signed sign-in nonces', () => {
  const signer = createNonceSigner(randomBytes(32), 1000)

  it('are checked without storage: this key, this project, before they expire', () => {
    const { nonce, expiresAt } = signer.issue('p', T)
    expect(expiresAt).toBe(T + 1000)
    expect(nonce).toMatch(/^01[0-9a-f]{96}$/)
    expect(signer.issue('p', T).nonce).not.toBe(nonce)
    const checked = signer.check(nonce, 'p', T + 999)
    expect(checked).toEqual({ ok: true, id: nonce.slice(-32), expiresAt })
    // Checking is not using: single use is the ledger's.
    expect(signer.check(nonce, 'p', T + 999).ok).toBe(true)
    expect(signer.check(nonce, 'q', T)).toEqual({ ok: false, reason: 'other-project' })
    expect(signer.check(nonce, 'p', T + 1000)).toEqual({ ok: false, reason: 'expired' })
  })

  it('refuse what another key signed, a changed byte, and junk', () => {
    const { nonce } = signer.issue('p', T)
    const other = createNonceSigner(randomBytes(32), 1000)
    expect(other.check(nonce, 'p', T)).toEqual({ ok: false, reason: 'unknown' })
    // A later expiry written into the nonce breaks its MAC.
    const longer = `${nonce.slice(0, 14)}ffffffffffff${nonce.slice(26)}`
    expect(signer.check(longer, 'p', T)).toEqual({ ok: false, reason: 'unknown' })
    for (const junk of ['', 'deadbeefdeadbeefdeadbeefdeadbeef', nonce.toUpperCase(), `${nonce}00`])
      expect(signer.check(junk, 'p', T)).toEqual({ ok: false, reason: 'unknown' })
  })

  it('fit an EIP-4361 Nonce field', () => {
    const { nonce } = signer.issue('p', T)
    const message = [
      'app.example.com wants you to sign in with your Ethereum account:',
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      '',
      '',
      'URI: https://app.example.com/',
      'Version: 1',
      'Chain ID: 1',
      `Nonce: ${nonce}`,
      'Issued At: 2026-11-23T18:00:00.000Z',
    ].join('\n')
    expect(parseSiwxMessage(message).nonce).toBe(nonce)
  })
})

describe('the in-memory used-nonce ledger', () => {
  it('records a use once, bounds records per project and client, and forgets them when kept long enough', async () => {
    const ledger = createMemoryNonceLedger()
    const use = (id: string, client = 'ip-a', projectId = 'p') =>
      ledger.useSiwxNonce({ id, projectId, client, keepUntil: T + 1000 }, { maxPerClient: 2, now: T })
    expect(await use('a')).toBe('ok')
    expect(await use('a')).toBe('used')
    expect(await use('b')).toBe('ok')
    expect(await use('c')).toBe('full')
    expect(await use('c', 'ip-b')).toBe('ok')
    expect(await use('d', 'ip-a', 'q')).toBe('ok')
    expect(ledger.size(T + 999)).toBe(4)
    expect(ledger.size(T + 1000)).toBe(0)
    expect(
      await ledger.useSiwxNonce(
        { id: 'e', projectId: 'p', client: 'ip-a', keepUntil: T + 3000 },
        {
          maxPerClient: 2,
          now: T + 2000,
        },
      ),
    ).toBe('ok')
  })
})
