/** The form_post callback: a cross-site POST anyone can make; it only ever redirects to our own GET callback. */
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { callbackRoutes } from './callbackRoutes.ts'
import { CALLBACK_PATH } from './providers.ts'

async function post(payload: string) {
  const app = Fastify()
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  )
  callbackRoutes(app, () => undefined)
  const answer = await app.inject({
    method: 'POST',
    url: CALLBACK_PATH,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload,
  })
  await app.close()
  return answer
}

describe('POST /social/callback', () => {
  it('forwards only code, state, error, error_description and iss, each at most 2 KB, to the same path', async () => {
    const answer = await post(
      new URLSearchParams({
        code: 'c1',
        state: 's1',
        redirect_uri: 'https://evil.example/',
        next: '//evil.example',
        id_token: 'x'.repeat(100),
        error_description: 'y'.repeat(3000),
      }).toString(),
    )
    expect(answer.statusCode).toBe(303)
    const location = String(answer.headers.location)
    expect(location.startsWith(`${CALLBACK_PATH}?`)).toBe(true)
    expect(Object.fromEntries(new URL(location, 'http://frame').searchParams)).toEqual({
      code: 'c1',
      state: 's1',
    })
  })

  it('a POST without a form body still lands on the GET callback (which then shows "expired")', async () => {
    const answer = await post('')
    expect(answer.statusCode).toBe(303)
    expect(answer.headers.location).toBe(`${CALLBACK_PATH}?`)
  })
})
