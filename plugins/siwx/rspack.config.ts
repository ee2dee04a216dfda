import { pluginRemoteConfig } from '../../build/pluginRemote.ts'

export default pluginRemoteConfig('siwx', import.meta.dirname)
