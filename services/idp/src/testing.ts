/** Test helper: a minimal cookie-keeping HTTP client that follows redirects by hand (drives the dev sign-in page). */
export class TestBrowser {
  private readonly cookies = new Map<string, string>()

  async request(
    url: string,
    init: { method?: string; form?: Record<string, string> } = {},
  ): Promise<Response> {
    const headers: Record<string, string> = {}
    const jar = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    if (jar) headers.cookie = jar
    let body: string | undefined
    if (init.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded'
      body = new URLSearchParams(init.form).toString()
    }
    const response = await fetch(url, {
      method: init.method ?? (body !== undefined ? 'POST' : 'GET'),
      headers,
      body,
      redirect: 'manual',
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const index = pair.indexOf('=')
      const name = pair.slice(0, index).trim()
      const value = pair.slice(index + 1).trim()
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return response
  }

  /** Follows redirects until a non-redirect answer or a URL `stop` accepts (returned unfetched). */
  async follow(
    url: string,
    stop: (url: URL) => boolean,
    init?: { form?: Record<string, string> },
  ): Promise<{ url: string; response?: Response }> {
    let current = url
    let response = await this.request(current, init)
    for (let hops = 0; hops < 10; hops++) {
      const location = response.headers.get('location')
      if (response.status < 300 || response.status >= 400 || !location) return { url: current, response }
      current = new URL(location, current).href
      if (stop(new URL(current))) return { url: current }
      response = await this.request(current)
    }
    throw new Error('Too many redirects')
  }
}

/** Drives the dev sign-in page from an authorization URL to the redirect URI (returned unfetched). */
export async function signInAtIdp(
  authorizationUrl: string,
  user: { email: string; username: string },
  isCallback: (url: URL) => boolean,
  browser = new TestBrowser(),
): Promise<string> {
  const page = await browser.follow(authorizationUrl, isCallback)
  if (!page.response) return page.url
  const html = await page.response.text()
  const action = /action="(\/interaction\/[^"]+\/login)"/.exec(html)?.[1]
  if (!action) throw new Error(`No sign-in form at ${page.url}`)
  const done = await browser.follow(new URL(action, page.url).href, isCallback, { form: user })
  return done.url
}
