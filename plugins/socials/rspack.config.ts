import { pluginRemoteConfig } from '../../build/pluginRemote.ts'
import { socialsPreview } from './src/preview.ts'

// Painted from the manifest; the code (and the federation runtime and auth frame it needs) loads when
// the visitor points at, focuses or presses a button. A press opens the provider's window in the click
// (the preview names it), so the load overlaps the window appearing.
export default pluginRemoteConfig('socials', import.meta.dirname, {
  preview: socialsPreview,
  loadOn: 'intent',
})
