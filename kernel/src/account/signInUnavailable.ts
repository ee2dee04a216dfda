import { MESSAGES } from '@portico/shared-types'
import type { KernelActions } from '../actions.ts'
import type { SignInUnavailable } from '../connectors/afterConnect.ts'
import type { Kernel } from '../kernel.ts'

/**
 * The app requires sign-in and what would ask for it could not load: the connection is not kept (an
 * app told "connected" would take an account nobody signed in with), the visitor is back at Connect
 * and told why, as when a sign-in cannot start. Connecting again retries the failed load.
 */
export function signInUnavailable(kernel: Kernel, actions: KernelActions): SignInUnavailable {
  return async () => {
    await actions.disconnect().catch((error: unknown) => kernel.log.error(error))
    actions.open('Connect')
    actions.toast.error(MESSAGES.siwxInitFailed)
  }
}
