import { pluginRemoteConfig } from '../../build/pluginRemote.ts'
import { socialsPreview } from './src/preview.ts'

// Painted from the manifest; the code loads when the visitor points at or uses a button.
export default pluginRemoteConfig('socials', import.meta.dirname, {
  preview: socialsPreview,
  loadOn: 'intent',
})
