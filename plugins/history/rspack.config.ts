import { pluginRemoteConfig } from '../../build/pluginRemote.ts'

export default pluginRemoteConfig('history', import.meta.dirname)
