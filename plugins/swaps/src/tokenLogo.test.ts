import { describe, expect, it } from 'vitest'
import { generatedColours, tokenPicture } from './tokenLogo.ts'

const USDC = 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3' as const
const FAKE = 'eip155:31337:0x0000000000000000000000000000000000000bad' as const

describe('token pictures', () => {
  it('a listed token shows its own https image', () => {
    expect(tokenPicture({ address: USDC, logoUri: 'https://cdn.example/usdc.png', verified: true })).toEqual({
      kind: 'image',
      url: 'https://cdn.example/usdc.png',
    })
  })

  it('an unlisted token never shows the image it claims: a picture drawn from its address', () => {
    const picture = tokenPicture({ address: FAKE, logoUri: 'https://cdn.example/usdc.png', verified: false })
    expect(picture).toMatchObject({ kind: 'generated', colours: generatedColours(FAKE) })
  })

  it('a token without an image gets the drawn one; one address always draws the same', () => {
    const picture = tokenPicture({ address: USDC, logoUri: '' })
    expect(picture).toEqual(tokenPicture({ address: USDC.toLowerCase() as typeof USDC, logoUri: '' }))
    expect(picture.kind).toBe('generated')
    expect(generatedColours(USDC)).not.toEqual(generatedColours(FAKE))
    for (const colour of generatedColours(USDC)) expect(colour).toMatch(/^hsl\(\d+ \d+% \d+%\)$/)
  })
})
