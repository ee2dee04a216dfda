// Where the time of a social sign-in goes, from the provider click to the IdP's page in the popup:
// each step stamped in wall-clock milliseconds (the page's and the popup's own clocks: performance
// timeOrigin + event times; the driver's Date.now() for what only it sees), so they line up.
import type { BrowserContext, Page } from '@playwright/test'

/** Stamps the click on a button and every message from another origin (the auth frame's replies). */
export const SOCIAL_PROBE = `(() => {
  const marks = (window.__benchSocial = [])
  const now = (event) => performance.timeOrigin + event.timeStamp
  addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null
    if (button) marks.push(['click: ' + button.textContent.trim(), now(event)])
  }, { capture: true })
  addEventListener('message', (event) => {
    if (event.origin === location.origin) return
    const type = event.data && typeof event.data.type === 'string' ? event.data.type : 'reply'
    const what = event.data && event.data.payload && event.data.payload.uri ? ' (uri)' : ''
    marks.push(['frame → page: ' + type.replace(/^@portico\\//, '') + what, now(event)])
  })
})()`

export type Step = [string, number]

/** Records what the driver sees: frames attached to the page, the popup and its requests. */
export function watchSocial(context: BrowserContext, page: Page): { steps: Step[] } {
  const steps: Step[] = []
  page.on('frameattached', (frame) => steps.push([`iframe attached ${frame.url() || '(blank)'}`, Date.now()]))
  page.on('request', (request) => {
    if (request.resourceType() === 'script' || request.resourceType() === 'document')
      steps.push([`page requests ${request.resourceType()} ${shortUrl(request.url())}`, Date.now()])
  })
  context.on('page', (popup) => {
    if (popup === page) return
    steps.push(['popup opened (driver)', Date.now()])
    popup.on('request', (request) => steps.push([`popup requests ${shortUrl(request.url())}`, Date.now()]))
    popup.on('response', (response) =>
      steps.push([`popup response ${response.status()} ${shortUrl(response.url())}`, Date.now()]),
    )
  })
  return { steps }
}

const shortUrl = (url: string) => {
  const parsed = new URL(url)
  return `${parsed.port ? `:${parsed.port}` : parsed.host}${parsed.pathname}`
}

/** The popup's own navigation timing (wall clock): response start and DOM content loaded. */
export async function popupTiming(popup: Page): Promise<Step[]> {
  // A string, not a function: the bench runs through tsx, whose helpers are not in the page.
  return popup.evaluate(`(() => {
    const [nav] = performance.getEntriesByType('navigation')
    if (!nav) return []
    const at = (ms) => performance.timeOrigin + ms
    return [
      ['IdP page: navigation start (popup clock)', at(nav.startTime)],
      ['IdP page: response start', at(nav.responseStart)],
      ['IdP page: DOM content loaded', at(nav.domContentLoadedEventEnd)],
    ]
  })()`)
}

/** The steps in time order, each as milliseconds since the first one. */
export function relative(steps: Step[]): string[] {
  const sorted = [...steps].sort((a, b) => a[1] - b[1])
  const start = sorted.find(([name]) => name.startsWith('click: '))?.[1] ?? sorted[0]?.[1] ?? 0
  return sorted.map(([name, at]) => `${(at - start).toFixed(0).padStart(6)} ms  ${name}`)
}
