import { definePlugin } from '@portico/shared-types/plugin'
import { flowOf, SIGN_VIEW } from './flow.ts'
import { en } from './messages.ts'
import { SignMessageView } from './SignMessageView.tsx'
import { walletConnectAuth } from './walletConnectAuth.ts'

/**
 * Sign-in (SIWX, behaviour §4): after a connect, SIWXSignMessage asks the account to sign an EIP-4361 message
 * whose nonce comes from the verifier (`<apiUrl>/v1/siwx` or `siwx.verifierUrl`), which checks it and
 * returns a session; the session is stored and restored on reload. With `siwx.required`, cancelling
 * disconnects and the sign view cannot be closed.
 */
export default definePlugin({
  id: 'siwx',
  // 1.1: afterConnect, ctx.signIn, sensitive views, ctx.account.disconnect.
  api: '^1.1.0',
  views: { [SIGN_VIEW]: { component: SignMessageView, title: en.views.SIWXSignMessage, sensitive: true } },
  messages: { en },
  contributes: {
    afterConnect: [{ id: 'siwx', run: (ctx) => flowOf(ctx).start() }],
    // One-click sign-in when WalletConnect pairs on eip155 networks only (behaviour §4).
    walletConnectAuth: [walletConnectAuth],
  },
  setup(ctx) {
    const flow = flowOf(ctx)
    void flow.restore()
    const offDisconnect = ctx.events.on('DISCONNECT_SUCCESS', () => flow.forget())
    const offAccount = ctx.events.on('ACCOUNT_CHANGED', ({ caipAddress }) => {
      const current = flow.store.get()
      // Another account: the session was its predecessor's.
      if (caipAddress && current.phase !== 'signing') void flow.restore()
    })
    return () => {
      offDisconnect()
      offAccount()
    }
  },
})
