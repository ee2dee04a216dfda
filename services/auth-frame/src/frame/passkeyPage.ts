/**
 * The frame's secondary script (bundled by esbuild, served as /frame-passkey.js; passkeyLoader.ts):
 * @simplewebauthn/browser and the passkey view, and the key export view, kept out of /frame.js (which
 * every embedding page loads) and loaded by the frame, SRI-checked, only when one of these views first
 * opens. It hands the views to the frame's script.
 */
import { createExportView } from './exportView.ts'
import { createPasskeyView } from './passkeyView.ts'

const host = window as Window & {
  porticoPasskeyView?: typeof createPasskeyView
  porticoExportView?: typeof createExportView
}
host.porticoPasskeyView = createPasskeyView
host.porticoExportView = createExportView
