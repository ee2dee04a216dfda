import { describe, expect, it } from 'vitest'
import { MAX_IMAGE_BYTES, readWalletImage } from './walletImage.ts'

const uri = (type: string, body: Buffer | string) =>
  `data:${type};base64,${Buffer.from(body).toString('base64')}`
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
const SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><defs><linearGradient id="g"/></defs><rect fill="url(#g)" width="8" height="8"/></svg>'

describe('wallet images from a directory file', () => {
  it('accepts a small PNG and a plain SVG (gradient references inside it included)', () => {
    expect(readWalletImage(uri('image/png', PNG))).toMatchObject({ contentType: 'image/png' })
    expect(readWalletImage(uri('image/svg+xml', SVG))).toMatchObject({ contentType: 'image/svg+xml' })
  })

  it('refuses an image over the size limit, without decoding a huge text', () => {
    const big = Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES)])
    expect(readWalletImage(uri('image/png', big))).toEqual({
      problem: `image larger than ${MAX_IMAGE_BYTES} bytes`,
    })
    expect(readWalletImage(`data:image/png;base64,${'A'.repeat(50_000_000)}`)).toHaveProperty('problem')
  })

  it('refuses bytes that are not the type they claim, and types other than the four', () => {
    expect(readWalletImage(uri('image/png', '<html><script>alert(1)</script>'))).toEqual({
      problem: 'image bytes are not image/png',
    })
    expect(readWalletImage(uri('text/html', '<p>'))).toHaveProperty('problem')
    expect(readWalletImage('https://evil.example/icon.png')).toHaveProperty('problem')
  })

  it.each([
    '<svg><script>alert(1)</script></svg>',
    '<svg onload="alert(1)"></svg>',
    '<svg><a href="javascript:alert(1)"><rect/></a></svg>',
    '<svg><image href="https://tracker.example/pixel"/></svg>',
    '<svg><rect style="fill:url(https://tracker.example/x)"/></svg>',
    '<svg><foreignObject><iframe/></foreignObject></svg>',
    '<svg><!ENTITY x "y"><text>&x;</text></svg>',
  ])('refuses an SVG that runs or loads something: %s', (svg) => {
    expect(readWalletImage(uri('image/svg+xml', svg))).toEqual({
      problem: 'SVG image holds script, links, styles or entities',
    })
  })
})
