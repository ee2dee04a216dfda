import { DevDefaultsRefused, refusalOf } from '@portico/ops'
import { describe, expect, it } from 'vitest'
import { startIdp } from './server.ts'

describe('production mode', () => {
  it('refuses the dev IdP once, naming each dev default', async () => {
    const error = await refusalOf(
      startIdp({
        production: true,
        port: 0,
        redirectUris: ['http://127.0.0.1:4200/social/callback'],
      }),
    )
    expect(error).toBeInstanceOf(DevDefaultsRefused)
    for (const name of [
      'the dev sign-in page',
      'dev IdP secrets',
      'the dev Apple key',
      'dev farcaster custody keys',
      'localhost-only redirect URIs',
    ])
      expect(error.message).toContain(name)
  })

  it('is a dev stand-in: even with its own seeds and a public callback, production refuses its sign-in page', async () => {
    const error = await refusalOf(
      startIdp({
        production: true,
        port: 0,
        redirectUris: ['https://frame.acme.example/social/callback'],
        clientSecretSeed: 'a secret seed',
        farcasterSeed: 'another secret seed',
      }),
    )
    expect(error).toBeInstanceOf(DevDefaultsRefused)
    expect(error.problems.map((p) => p.name)).toEqual([
      'the dev sign-in page (anyone signs in as any dev user)',
    ])
  })
})
