import { pluginRemoteConfig } from '../../build/pluginRemote.ts'
import { socialsPreview } from './src/preview.ts'

// Painted from the manifest; the code loads once the open has painted and the browser is idle (or when
// the visitor points at a button, if sooner), so a press opens the provider's popup at once.
export default pluginRemoteConfig('socials', import.meta.dirname, {
  preview: socialsPreview,
  loadOn: 'idle',
})
