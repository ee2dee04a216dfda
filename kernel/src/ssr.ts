/**
 * What a server needs (no React, no DOM, no modal): read the connection from a request's cookies for
 * `<PorticoProvider initialState>`, and the cookie storage to give the modal. Safe in React Server
 * Components.
 */
export {
  type CookieStorageOptions,
  cookieStorage,
  cookieToInitialState,
  createCookieStorage,
  type PorticoInitialState,
} from './storage/cookie.ts'
export type { StorageBackend } from './storage/storage.ts'
