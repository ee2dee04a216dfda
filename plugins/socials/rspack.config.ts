import { pluginRemoteConfig } from '../../build/pluginRemote.ts'

export default pluginRemoteConfig('socials', import.meta.dirname)
