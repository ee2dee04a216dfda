import { pluginRemoteConfig } from '../../build/pluginRemote.ts'
import { emailPreview } from './src/preview.ts'

// Painted from the manifest; the code loads when the visitor points at or uses the field.
export default pluginRemoteConfig('email', import.meta.dirname, { preview: emailPreview, loadOn: 'intent' })
