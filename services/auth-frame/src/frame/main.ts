/**
 * The frame page's script (bundled by esbuild, served as /frame.js). It reads the configuration the
 * server put in the page (already checked against the project's allowed origins), checks that the
 * page embedding it really is that origin, then runs the bridge.
 */
import type { FrameRequestType } from '@portico/shared-types/frame'
import { createApprovalView } from './approvalView.ts'
import { type BackendAnswer, createBridge } from './bridge.ts'
import { lazyExportView, lazyPasskeyView, secondaryScript } from './passkeyLoader.ts'
import type { BackendOnlyType } from './protocol.ts'
import { parseOrigin } from './protocol.ts'

interface PageConfig {
  projectId: string
  parentOrigin: string
  chainId?: string
  version?: string
  enableLogger?: boolean
  /**
   * The secondary script (src and SRI): the passkey and key export views, loaded when one first opens
   * (passkeyLoader.ts).
   */
  passkeyScript?: { src: string; integrity: string }
}

/**
 * The device and session are the frame origin's HttpOnly cookies (set by the backend). A browser that
 * keeps no cookie for the frame at all still gets a working page: these copies live in this document's
 * memory only (never in storage, never posted to the page) and go with each backend call; the backend
 * prefers its cookies. A reload there means logging in again.
 */
function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

function start(): void {
  const element = document.getElementById('portico-frame-config')
  let config: PageConfig
  try {
    config = JSON.parse(element?.textContent ?? '') as PageConfig
  } catch {
    return
  }
  const parentOrigin = parseOrigin(config.parentOrigin)
  if (!parentOrigin || window.parent === window) return
  // Chromium tells a frame who embeds it; a mismatch means the page is not the one the server checked.
  const ancestors = (window.location as Location & { ancestorOrigins?: DOMStringList }).ancestorOrigins
  if (ancestors && ancestors.length > 0 && ancestors[0] !== parentOrigin) return
  const device = randomSecret()
  let session: string | undefined
  const call = async (type: FrameRequestType | BackendOnlyType, payload: unknown): Promise<BackendAnswer> => {
    const response = await fetch('/api/frame', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-portico-device': device,
        ...(session ? { authorization: `Bearer ${session}` } : {}),
      },
      body: JSON.stringify({
        type,
        payload,
        projectId: config.projectId,
        parentOrigin,
        chainId: config.chainId,
      }),
      credentials: 'same-origin',
    })
    const answer = (await response.json()) as BackendAnswer
    if (answer.ok && typeof answer.session === 'string') session = answer.session
    else if (answer.ok && answer.session === null) session = undefined
    return answer
  }
  const post = (message: unknown) => window.parent.postMessage(message, parentOrigin)
  const view = {
    onSize: (height: number) => post({ type: '@portico/frame/APPROVAL_SIZE', payload: { height } }),
    themeMode: () => (bridge.synced().theme as { themeMode?: string } | undefined)?.themeMode,
  }
  const loadViews = secondaryScript(config.passkeyScript)
  const bridge = createBridge({
    parentOrigin,
    parent: window.parent,
    call,
    approver: createApprovalView(view),
    exporter: lazyExportView(view, loadViews),
    passkeys: lazyPasskeyView(view, loadViews),
    reload: () => window.location.reload(),
    ...(config.version ? { version: config.version } : {}),
    ...(config.enableLogger
      ? { log: (...args: unknown[]) => console.debug('[portico frame]', ...args) }
      : {}),
  })
  window.addEventListener('message', (event) => bridge.handleMessage(event))
  bridge.ready()
}

start()
