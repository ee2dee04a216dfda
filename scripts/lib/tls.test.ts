import { X509Certificate } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  type CertFacts,
  ensureCertificates,
  LEAF_DAYS,
  RENEW_BEFORE_MS,
  renewalReason,
  spkiHash,
} from './tls.ts'

const DAY = 86_400_000
const now = new Date('2026-06-01T00:00:00Z')
const at = (days: number) => new Date(now.getTime() + days * DAY)
const ca = { notBefore: at(-1), notAfter: at(300) }
const leaf = (over: Partial<CertFacts> = {}): CertFacts => ({
  notBefore: at(-1),
  notAfter: at(20),
  names: ['localhost', '127.0.0.1', '::1'],
  signedByCa: true,
  ...over,
})
const hosts = ['localhost', '127.0.0.1']

describe('renewalReason', () => {
  it('keeps a valid leaf of a valid CA that covers the hosts', () => {
    expect(renewalReason(leaf(), ca, hosts, now)).toBeUndefined()
  })
  it('renews a leaf that has ended or ends within the margin', () => {
    expect(renewalReason(leaf({ notAfter: at(-1) }), ca, hosts, now)).toMatch(/certificate is expired/)
    const soon = new Date(now.getTime() + RENEW_BEFORE_MS - 1000)
    expect(renewalReason(leaf({ notAfter: soon }), ca, hosts, now)).toMatch(/about to expire/)
  })
  it('renews a leaf that is not valid yet (a clock moved back)', () => {
    expect(renewalReason(leaf({ notBefore: at(1) }), ca, hosts, now)).toMatch(/certificate is expired/)
  })
  it('renews everything when the CA ends', () => {
    expect(renewalReason(leaf(), { notBefore: at(-1), notAfter: at(1) }, hosts, now)).toMatch(/CA is expired/)
  })
  it('renews a leaf another CA signed or that lacks a host', () => {
    expect(renewalReason(leaf({ signedByCa: false }), ca, hosts, now)).toMatch(/not signed by this CA/)
    expect(renewalReason(leaf({ names: ['localhost'] }), ca, hosts, now)).toBe(
      'the certificate lacks 127.0.0.1',
    )
  })
})

describe('ensureCertificates (openssl)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-tls-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const logs: string[] = []
  const log = (line: string) => logs.push(line)

  it('makes a CA and a leaf for the loopback names, keys 0600, then reuses them', () => {
    const first = ensureCertificates({ dir, log })
    expect(logs.pop()).toMatch(/making .* \(none yet\)/)
    const cert = new X509Certificate(readFileSync(first.cert))
    const caCert = new X509Certificate(readFileSync(first.caCert))
    expect(cert.checkIssued(caCert) && cert.verify(caCert.publicKey)).toBe(true)
    expect(cert.subjectAltName).toContain('DNS:localhost')
    expect(cert.subjectAltName).toContain('IP Address:127.0.0.1')
    expect(caCert.ca).toBe(true)
    expect(cert.ca).toBe(false)
    expect(statSync(first.key).mode & 0o077).toBe(0)
    expect(statSync(first.caKey).mode & 0o077).toBe(0)
    expect(first.spkiHash).toBe(spkiHash(readFileSync(first.cert, 'utf8')))
    expect(first.spkiHash).toMatch(/^[A-Za-z0-9+/]{43}=$/)

    const again = ensureCertificates({ dir, log })
    expect(logs.pop()).toMatch(/reusing/)
    expect(again.spkiHash).toBe(first.spkiHash)
  })

  it('remakes them once the leaf is near its end, or when a file is missing or broken', () => {
    const before = ensureCertificates({ dir }).spkiHash
    const later = new Date(Date.now() + (LEAF_DAYS - 1) * DAY)
    const renewed = ensureCertificates({ dir, now: later, log })
    expect(logs.pop()).toMatch(/about to expire/)
    expect(renewed.spkiHash).not.toBe(before)

    writeFileSync(renewed.cert, 'not a certificate')
    ensureCertificates({ dir, log })
    expect(logs.pop()).toMatch(/unreadable/)
    rmSync(renewed.caKey)
    ensureCertificates({ dir, log })
    expect(logs.pop()).toMatch(/none yet/)
  })
})
