// @vitest-environment node
import type { WalletDirectoryEntry } from '@portico/shared-types'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { isSafeOpenUrl, walletLinks } from './deepLinks.ts'
import type { Platform } from './platform.ts'

/** Any UTF-16 code unit up to U+3000 (controls, Latin-1, spaces, zero-width and bidi marks). */
const anyChar = fc.integer({ min: 0, max: 0x3000 }).map((code) => String.fromCharCode(code))

/**
 * Issue 8 item 13: a directory entry or custom wallet must never make the modal open a link that
 * runs script or reads data in the dapp's origin, whatever characters it hides in the scheme.
 */
const URI = 'wc:7f6e@2?relay-protocol=irn&symKey=587d'

const desktop: Platform = {
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0 Safari/537.36',
  maxTouchPoints: 0,
  coarsePointer: false,
  telegram: false,
  iframe: false,
}
const android: Platform = {
  ...desktop,
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/130.0 Mobile Safari/537.36',
  coarsePointer: true,
}
const PLATFORMS = [desktop, android, { ...android, iframe: true }, { ...android, telegram: true }]

/** What a browser would run or read instead of handing the link to a wallet app. */
const DANGEROUS = ['javascript', 'data', 'vbscript', 'file', 'blob', 'about', 'http']
/** Characters the URL parser strips or skips, or that a regex on the raw string overlooks. */
const HIDDEN = ['\t', '\n', '\r', '\u0000', '\u0001', '\u001f', ' ', '\u007f', '\u00a0', '\u200b', '\ufeff']

const wallet = (link: string): WalletDirectoryEntry => ({
  id: 'h',
  name: 'Hostile',
  mobile_link: link,
  desktop_link: link,
  webapp_link: link,
})
const allLinks = (link: string) => PLATFORMS.flatMap((platform) => walletLinks(wallet(link), URI, platform))

/** The scheme the browser's URL parser gives, as window.open would see it. */
const protocolOf = (url: string) => {
  try {
    return new URL(url).protocol.slice(0, -1)
  } catch {
    return undefined
  }
}

/** A control character, space, DEL or C1 control / NBSP anywhere in `url`. */
const hasHidden = (url: string) =>
  [...url].some(
    (char) => char.charCodeAt(0) <= 0x20 || (char.charCodeAt(0) >= 0x7f && char.charCodeAt(0) <= 0xa0),
  )

/** A dangerous scheme in any letter case, hidden characters inserted anywhere, then a payload. */
const hostileLink = fc
  .record({
    scheme: fc.constantFrom(...DANGEROUS).chain((scheme) => fc.mixedCase(fc.constant(scheme))),
    hidden: fc.array(fc.tuple(fc.nat(), fc.constantFrom(...HIDDEN)), { maxLength: 4 }),
    lead: fc.array(fc.constantFrom(...HIDDEN), { maxLength: 2 }),
    separator: fc.constantFrom(':', '://', ':/', ':\\\\'),
    payload: fc.constantFrom(
      '%0aalert(1)',
      'alert(document.domain)',
      'text/html,<script>alert(1)</script>',
      'evil.example/x',
      '',
    ),
  })
  .map(({ scheme, hidden, lead, separator, payload }) => {
    let text = scheme
    for (const [at, char] of hidden) {
      const index = at % (text.length + 1)
      text = text.slice(0, index) + char + text.slice(index)
    }
    return `${lead.join('')}${text}${separator}${payload}`
  })

const PLAIN_SCHEME = fc
  .stringMatching(/^[a-z][a-z0-9-]{0,20}$/)
  .filter(
    (scheme) =>
      !DANGEROUS.includes(scheme) &&
      !/^(ms-|intent$|ws|ftp$|search|shell$|chrome|jar$|resource$|mailto$|tel$|sms$|filesystem$|view-source$)/.test(
        scheme,
      ),
  )

describe('wallet deep links under hostile directory entries (property)', () => {
  it('a dangerous scheme with hidden characters never yields a link, on any platform', () => {
    fc.assert(
      fc.property(hostileLink, (link) => {
        for (const built of allLinks(link)) {
          // What is opened and what is stored as the deep-link choice.
          for (const url of [built.redirect, built.href]) {
            expect(DANGEROUS).not.toContain(protocolOf(url))
          }
        }
        expect(allLinks(link)).toEqual([])
      }),
      { numRuns: 2000 },
    )
  })

  it('any string as a link: only https or a plain app scheme is ever opened, with nothing hidden', () => {
    const anyText = fc.oneof(
      fc.string({ unit: anyChar, maxLength: 40 }),
      fc.string({ unit: 'grapheme-ascii', maxLength: 40 }),
      hostileLink,
      fc
        .tuple(
          fc.constantFrom(
            'https://',
            'http://',
            'ftp://',
            'javascript:',
            'data:',
            'Https://',
            'metamask://',
            'trust:',
          ),
          fc.constantFrom('link.wallet.example', 'app.example:8443', 'user@host.example', '%0aalert(1)', ''),
          fc.string({ maxLength: 20 }),
        )
        .map(([scheme, host, path]) => `${scheme}${host}/${path}`),
    )
    fc.assert(
      fc.property(anyText, (link) =>
        allLinks(link).every((built) =>
          [built.redirect, built.href].every((url) => {
            const scheme = protocolOf(url)
            const plain = scheme === 'https' || (scheme !== undefined && /^[a-z][a-z0-9+.-]*$/.test(scheme))
            return plain && !DANGEROUS.includes(scheme as string) && !hasHidden(url)
          }),
        ),
      ),
      { numRuns: 300 },
    )
  })

  it('plain app schemes and https links still open (nothing legitimate is refused)', () => {
    fc.assert(
      fc.property(PLAIN_SCHEME, fc.constantFrom('', '://', ':', '://app'), (scheme, rest) => {
        const links = walletLinks({ id: 'w', name: 'W', mobile_link: `${scheme}${rest}` }, URI, android)
        expect(links).toHaveLength(1)
        expect(links[0]?.redirect.startsWith(`${scheme}://`)).toBe(true)
      }),
    )
    fc.assert(
      fc.property(
        fc
          .tuple(
            fc.stringMatching(/^[a-z][a-z0-9-]{0,15}(\.[a-z]{2,6}){1,2}$/),
            fc.stringMatching(/^(\/[\w.-]{0,8}){0,3}$/),
          )
          .map(([host, path]) => `https://${host}${path}`),
        (url) => {
          const links = walletLinks({ id: 'w', name: 'W', webapp_link: url }, URI, desktop)
          expect(links.map((link) => link.kind)).toEqual(['web'])
          expect(links[0]?.redirect.endsWith(`wc?uri=${encodeURIComponent(URI)}`)).toBe(true)
        },
      ),
    )
  })

  it('the reproduced attack: a tab inside javascript:// is refused before the parser drops it', () => {
    for (const link of [
      'java\tscript://%0aalert(1)',
      'javascript\n://%0aalert(1)',
      '\u0000javascript:alert(1)',
    ]) {
      expect(allLinks(link)).toEqual([])
    }
    expect(isSafeOpenUrl('java\tscript://%0aalert(1)/wc')).toBe(false)
    expect(isSafeOpenUrl('http://link.example/wc')).toBe(false)
    expect(isSafeOpenUrl('intent://wc#Intent;scheme=x;S.browser_fallback_url=javascript:alert(1);end')).toBe(
      false,
    )
    expect(isSafeOpenUrl('ms-msdt:/id PCWDiagnostic')).toBe(false)
    expect(isSafeOpenUrl('metamask://wc?uri=x')).toBe(true)
    expect(isSafeOpenUrl('https://metamask.app.link/wc?uri=x')).toBe(true)
  })
})
