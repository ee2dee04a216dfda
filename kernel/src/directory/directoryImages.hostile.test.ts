// @vitest-environment node
import type { Connector, KernelState, ModalOptions, WalletDirectoryEntry } from '@portico/shared-types'
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../test/api/testServer.ts'
import { localNetwork } from '../../test/testing.ts'
import { resolveOptions } from '../options.ts'
import { createInitialState } from '../state/initialState.ts'
import { createDirectoryClient } from './directory.ts'
import { configuredImageOrigins, directoryImageUrl, withAllowedImage } from './directoryImages.ts'
import { allWalletsList, connectLists } from './directoryLists.ts'

/** Any UTF-16 code unit up to U+3000 (controls, Latin-1, spaces, zero-width and bidi marks). */
const anyChar = fc.integer({ min: 0, max: 0x3000 }).map((code) => String.fromCharCode(code))

/**
 * Issue 8 item 16: a wallet directory answer must not make the page request images from any host.
 * Directory images come only from the configured directory (or API) origin or are data images;
 * custom wallets are the app's own configuration, so their https images stay.
 */
let server: TestServer | undefined
afterEach(() => server?.close())

const SVG = 'data:image/svg+xml;base64,PHN2Zy8+'
const HOSTILE_IMAGES = [
  'https://tracker.example/pixel.png',
  '//tracker.example/pixel.png',
  'http://127.0.0.1:1/other-port.png',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'blob:https://tracker.example/1',
  'file:///etc/passwd',
  'ftp://tracker.example/x.png',
  `https://tracker.example/${'a'.repeat(3000)}`,
]

describe('directory image URLs (hostile directory answers)', () => {
  it('the client keeps same-origin and data images, and replaces any other host by the entry image or none', async () => {
    server = await startTestServer()
    const data: Record<string, unknown>[] = HOSTILE_IMAGES.map((image_url, i) => ({
      id: `h${i}`,
      name: `Hostile ${i}`,
      image_url,
    }))
    data.push(
      { id: 'fallback', name: 'Fallback', image_url: 'https://tracker.example/x.png', image_id: 'img-f' },
      { id: 'same', name: 'Same origin', image_url: `${server.url}/icons/same.svg` },
      { id: 'relative', name: 'Relative', image_url: '/icons/relative.svg' },
      { id: 'inline', name: 'Inline', image_url: SVG },
    )
    server.on('GET /getWallets', { body: { data, count: data.length } })
    const client = createDirectoryClient({
      baseUrl: `${server.url}/`,
      projectId: 'p1',
      sdkType: 'portico',
      sdkVersion: '1.7.0',
    })
    const page = await client.getWallets({ page: 1, entries: 40 })
    const image = (id: string) => page.data.find((entry) => entry.id === id)?.image_url
    for (let i = 0; i < HOSTILE_IMAGES.length; i++) expect(image(`h${i}`)).toBeUndefined()
    expect(image('fallback')).toBe(`${server.url}/getWalletImage/img-f?projectId=p1&st=portico&sv=1.7.0`)
    expect(image('same')).toBe(`${server.url}/icons/same.svg`)
    expect(image('relative')).toBe(`${server.url}/icons/relative.svg`)
    expect(image('inline')).toBe(SVG)
  })

  it('the API origin that serves the directory is allowed; nothing else is', () => {
    const origins = configuredImageOrigins({
      walletDirectoryUrl: 'https://dir.example/v1/',
      apiUrl: 'https://api.example',
    })
    expect(origins).toEqual(['https://dir.example', 'https://api.example'])
    expect(directoryImageUrl('https://api.example/getWalletImage/x', origins)).toBe(
      'https://api.example/getWalletImage/x',
    )
    expect(directoryImageUrl('https://api.example.tracker.example/x', origins)).toBeUndefined()
    expect(directoryImageUrl('https://dir.example@tracker.example/x', origins)).toBeUndefined()
  })

  it('property: any image_url a directory sends is a data image or on a configured origin', () => {
    const origins = ['https://dir.example']
    const host = fc.constantFrom(
      'dir.example',
      'tracker.example',
      'dir.example.tracker.example',
      'dir.example@tracker.example',
      'dir.example:8443',
      '127.0.0.1',
      '',
    )
    const scheme = fc.constantFrom(
      'https://',
      'http://',
      '//',
      'javascript:',
      'data:',
      'blob:https://',
      '',
      '/',
      '\\\\',
    )
    const candidate = fc.oneof(
      fc.tuple(scheme, host, fc.string({ maxLength: 20 })).map(([a, b, c]) => `${a}${b}/${c}`),
      fc.string({ unit: anyChar, maxLength: 60 }),
      fc.constantFrom(
        ...HOSTILE_IMAGES,
        SVG,
        '/x.svg',
        'x.svg',
        'data:image/png,x',
        'DATA:IMAGE/svg+xml,<svg/>',
      ),
    )
    fc.assert(
      fc.property(candidate, (url) => {
        const allowed = directoryImageUrl(url, origins, 'https://dir.example/api/')
        if (allowed === undefined) return
        if (/^data:/i.test(allowed)) expect(allowed).toMatch(/^data:image\//i)
        else expect(new URL(allowed).origin).toBe('https://dir.example')
      }),
      { numRuns: 200 },
    )
  })
})

const network = localNetwork()
const dirEntry = (id: string, image_url: string): WalletDirectoryEntry => ({
  id,
  name: `Wallet ${id}`,
  image_url,
})

function stateWith(wallets: Partial<KernelState['wallets']>, extra: Partial<ModalOptions> = {}): KernelState {
  const options: ModalOptions = {
    projectId: 'p',
    networks: [network],
    walletDirectoryUrl: 'https://dir.example',
    ...extra,
  }
  const state = createInitialState(resolveOptions(options), options)
  return { ...state, connectors: [] as Connector[], wallets: { ...state.wallets, ...wallets } }
}

describe('listed wallets: what the Connect and All Wallets views may show', () => {
  const custom: WalletDirectoryEntry = {
    id: 'mine',
    name: 'My Wallet',
    image_url: 'https://cdn.app.example/mine.png',
  }

  it('custom wallets keep their https image (app-configured); directory and stored entries keep only allowed ones', () => {
    const state = stateWith(
      {
        featured: [
          dirEntry('f1', 'https://tracker.example/f1.png'),
          dirEntry('f2', 'https://dir.example/f2.svg'),
        ],
        // A directory entry posing as the custom wallet with another image.
        wallets: [dirEntry('mine', 'https://tracker.example/mine.png'), dirEntry('w1', SVG)],
      },
      { customWallets: [custom, { id: 'plain', name: 'Plain', image_url: 'http://tracker.example/p.png' }] },
    )
    const recent = [{ id: 'r1', wallet: dirEntry('r1', 'https://tracker.example/recent.png') }]
    const lists = connectLists(state, recent)
    const imageOf = (choices: { name: string; imageUrl?: string }[], name: string) =>
      choices.find((choice) => choice.name === name)?.imageUrl
    expect(imageOf(lists.recent, 'Wallet r1')).toBeUndefined()
    expect(lists.recent[0]?.entry?.image_url).toBeUndefined()
    expect(imageOf(lists.featured, 'Wallet f1')).toBeUndefined()
    expect(imageOf(lists.featured, 'Wallet f2')).toBe('https://dir.example/f2.svg')
    expect(imageOf(lists.custom, 'My Wallet')).toBe('https://cdn.app.example/mine.png')
    // Plain http to another host is not kept even from the app: it would be mixed content.
    expect(imageOf(lists.custom, 'Plain')).toBeUndefined()

    const all = allWalletsList(state, 'list')
    expect(all.filter((choice) => choice.entry?.id === 'mine').map((choice) => choice.imageUrl)).toEqual([
      'https://cdn.app.example/mine.png',
    ])
    expect(imageOf(all, 'Wallet w1')).toBe(SVG)
    // What a view opens with (ConnectingWalletConnect params) carries the checked image too.
    const f1 = lists.featured.find((choice) => choice.name === 'Wallet f1')
    const opened = f1?.target.view === 'ConnectingWalletConnect' ? f1.target.params.wallet : undefined
    expect(opened).toEqual({ id: 'f1', name: 'Wallet f1' })
  })

  it('withAllowedImage returns the same entry when its image is allowed', () => {
    const entry = dirEntry('ok', 'https://dir.example/ok.svg')
    expect(withAllowedImage(entry, { walletDirectoryUrl: 'https://dir.example' })).toBe(entry)
    expect(withAllowedImage(entry, {})).toEqual({ id: 'ok', name: 'Wallet ok' })
  })
})
