import { describe, expect, it, vi } from 'vitest'
import { renderCallbackPage } from './callbackPage.ts'

const CALLBACK = 'https://frame.example/social/callback?code=c1&state=s1'

/** Runs the page's script against a window stand-in: its opener, its address, its status line. */
function run(page: ReturnType<typeof renderCallbackPage>, opener: { postMessage: () => void } | null) {
  const script = /<script nonce="[^"]+">([\s\S]*)<\/script>/.exec(page.body)?.[1]
  if (!script) throw new Error('no script')
  const location = { href: CALLBACK, replace: vi.fn() }
  const status = { textContent: '' }
  new Function('window', 'location', 'document', script)({ opener }, location, {
    getElementById: () => status,
  })
  return { location, status }
}

describe('the social callback page', () => {
  it('with an opener (the popup): posts its address to the app origin only', () => {
    const opener = { postMessage: vi.fn() }
    const { location } = run(
      renderCallbackPage({ appOrigin: 'https://app.example', returnTo: 'https://app.example/mini' }),
      opener,
    )
    expect(opener.postMessage).toHaveBeenCalledWith(
      { type: expect.any(String), payload: { uri: CALLBACK } },
      'https://app.example',
    )
    expect(location.replace).not.toHaveBeenCalled()
  })

  it('without an opener and with a return address: back to the app with result_uri, its query and hash kept', () => {
    const { location } = run(
      renderCallbackPage({
        appOrigin: 'https://app.example',
        returnTo: 'https://app.example/mini?tab=1#top',
      }),
      null,
    )
    const back = new URL(location.replace.mock.calls[0]?.[0] as string)
    expect(back.origin + back.pathname).toBe('https://app.example/mini')
    expect(back.searchParams.get('tab')).toBe('1')
    expect(back.searchParams.get('result_uri')).toBe(CALLBACK)
    expect(back.hash).toBe('#top')
  })

  it('without an opener or a return address: asks to go back to the app window', () => {
    const { location, status } = run(renderCallbackPage({ appOrigin: 'https://app.example' }), null)
    expect(location.replace).not.toHaveBeenCalled()
    expect(status.textContent).toBe('Return to the app window to finish signing in.')
  })

  it('a return address cannot break out of the script', () => {
    const page = renderCallbackPage({
      appOrigin: 'https://app.example',
      returnTo: 'https://app.example/</script><script>x',
    })
    expect(page.body.match(/<\/script>/g)).toHaveLength(1)
  })
})
