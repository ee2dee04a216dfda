import { pluginRemoteConfig } from '../../build/pluginRemote.ts'

export default pluginRemoteConfig('receive', import.meta.dirname)
