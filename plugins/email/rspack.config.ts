import { pluginRemoteConfig } from '../../build/pluginRemote.ts'

export default pluginRemoteConfig('email', import.meta.dirname)
