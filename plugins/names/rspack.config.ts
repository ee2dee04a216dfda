import { pluginRemoteConfig } from '../../build/pluginRemote.ts'

export default pluginRemoteConfig('names', import.meta.dirname)
