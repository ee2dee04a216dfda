import { pluginRemoteConfig } from '../../build/pluginRemote.ts'

export default pluginRemoteConfig('send', import.meta.dirname)
