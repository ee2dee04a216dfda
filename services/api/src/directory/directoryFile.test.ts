import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { PACKAGE_DIR } from '../config.ts'
import { readDirectoryFile } from './directoryFile.ts'

const LISTING = readFileSync(join(PACKAGE_DIR, 'test', 'fixtures', 'directory-listing.json'))

describe('readDirectoryFile', () => {
  it('reads the explorer listing shape: ids from keys, grouped links (universal first), badges, images', () => {
    const { wallets, images, report } = readDirectoryFile(LISTING)
    expect(report).toEqual([])
    expect(wallets.map((w) => w.name)).toEqual(['Example Wallet', 'Second Wallet', 'Third Wallet'])
    expect(wallets[0]).toEqual({
      id: 'c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96',
      name: 'Example Wallet',
      homepage: 'https://wallet.example.org',
      image_id: images[0]?.id,
      order: 1,
      rdns: 'org.example.wallet',
      mobile_link: 'https://wallet.example.org/wc',
      desktop_link: 'examplewallet-desktop://',
      webapp_link: 'https://app.wallet.example.org',
      chains: ['eip155:1', 'eip155:10', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
      badge_type: 'certified',
    })
    expect(wallets[1]).toMatchObject({ order: 2, mobile_link: 'secondwallet://', badge_type: 'none' })
    expect(wallets[2]).toMatchObject({ order: 3, image_id: '', rdns: null, mobile_link: null })
    expect(images.map((i) => i.contentType)).toEqual(['image/svg+xml', 'image/png'])
  })

  it('reads { data: [...] } (the getWallets answer) and a plain list the same way', () => {
    const entry = { id: 'w1', name: 'W', chains: ['eip155:1'], badges: ['certified'] }
    for (const file of [{ data: [entry] }, [entry]])
      expect(readDirectoryFile(Buffer.from(JSON.stringify(file))).wallets).toEqual([
        expect.objectContaining({ id: 'w1', order: 1, badge_type: 'certified' }),
      ])
  })

  it('lists the icons given by URL for the importer (md, sm, lg, then image) and reads data: ones inline', () => {
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP4z8DwHwAFAAIBoebhswAAAABJRU5ErkJggg=='
    const sized = {
      lg: 'https://cdn.example/l.png',
      sm: 'https://cdn.example/s.png',
      md: 'https://cdn.example/m.png',
    }
    const file = readDirectoryFile(
      Buffer.from(
        JSON.stringify([
          { id: 'a', name: 'A', chains: [], image_url: sized, image: 'https://cdn.example/i.png' },
          { id: 'b', name: 'B', chains: [], image_url: sized, image: png },
          { id: 'c', name: 'C', chains: [], image: 42 },
        ]),
      ),
    )
    expect(
      file.imageUrls.map(({ wallet, label, urls }) => [wallet.id, label, urls.map((u) => u.size)]),
    ).toEqual([['a', 'entry 1 (a)', ['md', 'sm', 'lg', 'image']]])
    expect(file.wallets.map((w) => w.image_id)).toEqual(['', file.images[0]?.id, ''])
    expect(file.report).toEqual(['entry 3 (c): image dropped: image must be a data: URI string'])
  })
})
