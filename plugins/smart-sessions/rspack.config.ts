import { pluginRemoteConfig } from '../../build/pluginRemote.ts'

export default pluginRemoteConfig('smartSessions', import.meta.dirname)
