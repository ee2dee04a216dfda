import { pluginRemoteConfig } from '../../build/pluginRemote.ts'

export default pluginRemoteConfig('swaps', import.meta.dirname)
