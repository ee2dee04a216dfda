import { pluginRemoteConfig } from '../../build/pluginRemote.ts'

export default pluginRemoteConfig('onramp', import.meta.dirname)
