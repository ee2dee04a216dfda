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
  const form = signInForm(html)
  if (!form) throw new Error(`No sign-in form at ${page.url}`)
  const done = await browser.follow(new URL(form.action, page.url).href, isCallback, {
    form: { ...form.hidden, ...user },
  })
  const posted = done.response && formPostTarget(await done.response.text(), isCallback)
  return posted ?? done.url
}

/**
 * The dev sign-in page's form: its action (an OIDC interaction's /login, or a provider mode's
 * /dev/sign-in) and the hidden fields it posts besides the user (a mode's pending request id).
 */
export function signInForm(html: string): { action: string; hidden: Record<string, string> } | undefined {
  const action = /action="(\/interaction\/[^"]+\/login|\/[a-z]+\/dev\/sign-in)"/.exec(html)?.[1]
  if (!action) return undefined
  const request = /name="request" value="([^"]+)"/.exec(html)?.[1]
  return { action, hidden: request ? { request } : {} }
}

/**
 * An answer in response_mode=form_post (Apple): a page whose form posts code and state to the callback.
 * Returned as the callback address with those fields in its query: what the auth frame's POST route
 * redirects the browser to.
 */
export function formPostTarget(html: string, isCallback: (url: URL) => boolean): string | undefined {
  const action = /<form[^>]*method="post"[^>]*action="([^"]+)"/i.exec(html)?.[1]
  if (!action || !URL.canParse(action) || !isCallback(new URL(action))) return undefined
  const target = new URL(action)
  for (const [, name = '', value = ''] of html.matchAll(
    /<input type="hidden" name="([^"]+)" value="([^"]*)"/g,
  ))
    target.searchParams.set(name, value.replace(/&amp;/g, '&').replace(/&quot;/g, '"'))
  return target.href
}
