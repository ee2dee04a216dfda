/**
 * The frame page's script (bundled by esbuild, served as /frame.js). It reads the configuration the
 * server put in the page (already checked against the project's allowed origins), checks that the
 * page embedding it really is that origin, then runs the bridge.
 */
import type { FrameRequestType } from '@portico/shared-types'
import { type BackendAnswer, createBridge } from './bridge.ts'
import { parseOrigin } from './protocol.ts'

interface PageConfig {
  projectId: string
  parentOrigin: string
  chainId?: string
  version?: string
  enableLogger?: boolean
}

const DEVICE_KEY = 'portico-frame.device'
const SESSION_KEY = 'portico-frame.session'

function storage() {
  const memory = new Map<string, string>()
  return {
    get(key: string): string | undefined {
      try {
        return window.localStorage.getItem(key) ?? undefined
      } catch {
        return memory.get(key)
      }
    },
    set(key: string, value: string | undefined) {
      try {
        if (value === undefined) window.localStorage.removeItem(key)
        else window.localStorage.setItem(key, value)
      } catch {
        if (value === undefined) memory.delete(key)
        else memory.set(key, value)
      }
    },
  }
}

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
  const store = storage()
  let device = store.get(DEVICE_KEY)
  if (!device || !/^[A-Za-z0-9_-]{43}$/.test(device)) {
    device = randomSecret()
    store.set(DEVICE_KEY, device)
  }
  let deviceId = device
  const call = async (
    type: FrameRequestType,
    payload: unknown,
    token: string | undefined,
    asDevice: string,
  ): Promise<BackendAnswer> => {
    const response = await fetch('/api/frame', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-portico-device': asDevice,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({
        type,
        payload,
        projectId: config.projectId,
        parentOrigin,
        chainId: config.chainId,
      }),
      credentials: 'omit',
    })
    return (await response.json()) as BackendAnswer
  }
  const bridge = createBridge({
    parentOrigin,
    parent: window.parent,
    call,
    session: { get: () => store.get(SESSION_KEY), set: (token) => store.set(SESSION_KEY, token) },
    device: {
      get: () => deviceId,
      set: (next) => {
        deviceId = next
        store.set(DEVICE_KEY, next)
      },
    },
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
