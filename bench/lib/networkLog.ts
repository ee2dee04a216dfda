// The bench's network log over CDP: every request of a page with its transferred and body bytes.
import type { CDPSession, Page, Request } from '@playwright/test'

export interface Req {
  url: string
  type: string
  /** Response headers + body as received (CDP loadingFinished.encodedDataLength). */
  transferred: number
  /** Body bytes as received (gzip here): transferred minus what had arrived with the headers. */
  body: number
  status: number
  phase: string
}

/** Records every request of a page with its sizes; `phase` labels requests by the step that ran them. */
export class NetworkLog {
  readonly requests: Req[] = []
  phase = 'load'
  private readonly pending = new Map<string, Req & { headers: number }>()
  private lastActivity = Date.now()
  /** Requests of iframes in flight. */
  private framesPending: () => number = () => 0

  /** Resolves once nothing is in flight and nothing started or ended for `quietMs`. */
  async idle(quietMs = 500, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs
    while (this.pending.size > 0 || this.framesPending() > 0 || Date.now() - this.lastActivity < quietMs) {
      if (Date.now() > deadline)
        throw new Error(`network not idle: ${[...this.pending.values()].map((r) => r.url)}`)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }

  /**
   * The page's own requests from its CDP session; an iframe's through Playwright, which follows frames
   * in other processes too (the auth frame is on another site: its session is not the page's).
   */
  static async attach(page: Page): Promise<{ log: NetworkLog; cdp: CDPSession }> {
    const cdp = await page.context().newCDPSession(page)
    const log = new NetworkLog()
    const { frameTree } = await cdp.send('Page.getFrameTree')
    const mainFrameId = frameTree.frame.id
    const inFrames = new Map<Request, Req>()
    const ofFrame = (request: Request) => request.frame() !== page.mainFrame()
    page.on('request', (request) => {
      if (!ofFrame(request)) return
      log.lastActivity = Date.now()
      const type = request.resourceType()
      inFrames.set(request, {
        url: request.url(),
        type: type.charAt(0).toUpperCase() + type.slice(1),
        transferred: 0,
        body: 0,
        status: 0,
        phase: log.phase,
      })
    })
    const frameRequestDone = async (request: Request) => {
      const req = inFrames.get(request)
      if (!req) return
      const sizes = await request.sizes().catch(() => undefined)
      const response = await request.response().catch(() => null)
      inFrames.delete(request)
      log.lastActivity = Date.now()
      log.requests.push({
        ...req,
        status: response?.status() ?? 0,
        transferred: (sizes?.responseHeadersSize ?? 0) + (sizes?.responseBodySize ?? 0),
        body: sizes?.responseBodySize ?? 0,
      })
    }
    page.on('requestfinished', (request) => void frameRequestDone(request))
    page.on('requestfailed', (request) => void frameRequestDone(request))
    log.framesPending = () => inFrames.size
    cdp.on('Network.requestWillBeSent', (event) => {
      // An iframe's requests are counted from Playwright's events (above).
      if (event.frameId !== undefined && event.frameId !== mainFrameId) return
      log.lastActivity = Date.now()
      log.pending.set(event.requestId, {
        url: event.request.url,
        type: event.type ?? 'Other',
        transferred: 0,
        body: 0,
        status: 0,
        headers: 0,
        phase: log.phase,
      })
    })
    cdp.on('Network.responseReceived', (event) => {
      const req = log.pending.get(event.requestId)
      if (!req) return
      req.status = event.response.status
      req.type = event.type
      req.headers = event.response.encodedDataLength
    })
    const finish = (requestId: string, encodedDataLength: number) => {
      log.lastActivity = Date.now()
      const req = log.pending.get(requestId)
      if (!req) return
      log.pending.delete(requestId)
      const { headers, ...done } = req
      log.requests.push({
        ...done,
        transferred: encodedDataLength,
        body: Math.max(0, encodedDataLength - headers),
      })
    }
    cdp.on('Network.loadingFinished', (event) => finish(event.requestId, event.encodedDataLength))
    cdp.on('Network.loadingFailed', (event) => finish(event.requestId, 0))
    cdp.on('Network.webSocketCreated', (event) =>
      log.requests.push({
        url: event.url,
        type: 'WebSocket',
        transferred: 0,
        body: 0,
        status: 0,
        phase: log.phase,
      }),
    )
    await cdp.send('Network.enable')
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
    return { log, cdp }
  }

  scripts(phase?: string): Req[] {
    return this.requests.filter(
      (req) => req.type === 'Script' && (phase === undefined || req.phase === phase),
    )
  }
}
