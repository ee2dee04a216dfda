import type { SignInApi } from '@portico/shared-types/plugin'
import { UsageError } from '../errors/usage.ts'
import type { Kernel } from '../kernel.ts'

/** ctx.signIn (plugin contract 1.1): the sign-in plugin writes whether a session exists (behaviour §2 close rule). */
export function signInApi(kernel: Kernel): SignInApi {
  return {
    get: () => ({ ...kernel.store.get().signIn }),
    setHasSession(hasSession) {
      if (typeof hasSession !== 'boolean')
        throw new UsageError('INVALID_ARGUMENT', 'Portico: setHasSession takes a boolean')
      kernel.store.update((draft) => {
        draft.signIn.hasSession = hasSession
      })
    },
  }
}
