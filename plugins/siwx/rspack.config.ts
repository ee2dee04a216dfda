import { pluginRemoteConfig } from '../../build/pluginRemote.ts'

// Its after-connect hook and one-click sign-in run only once a connection is made or WalletConnect is
// chosen: nothing of it is needed to paint or use the Connect view.
export default pluginRemoteConfig('siwx', import.meta.dirname, { loadOn: 'connect' })
