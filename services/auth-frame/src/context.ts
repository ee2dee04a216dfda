import type { AuthFrameConfig } from './config.ts'
import type { Vault } from './crypto/vault.ts'
import type { Store } from './db/store.ts'
import type { Mailer } from './email/mailer.ts'

/** What every handler gets: configuration, data, the key vault, mail and a clock (tests move it). */
export interface Services {
  config: AuthFrameConfig
  store: Store
  vault: Vault
  mailer: Mailer
  /** The frame's own origin (http://host:port), for links in mail. */
  frameOrigin: string
  now(): number
  /** Wakes CONNECT_DEVICE waiters when a device link is opened on this node. */
  deviceApproved: { notify(flowId: string): void; wait(flowId: string, ms: number): Promise<void> }
}

/** Who asks, as checked by the HTTP layer. */
export interface RequestContext {
  projectId: string
  parentOrigin: string
  /** SHA-256 of the frame's device secret. */
  deviceHash: string
  /** The session token sent with the request, if any. */
  token?: string
  /** The chain id the frame was loaded with (its `chainId` query parameter). */
  chainId?: string | number
  ip: string
}
