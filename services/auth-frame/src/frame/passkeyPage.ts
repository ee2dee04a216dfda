/**
 * The passkey ceremony's script (bundled by esbuild, served as /frame-passkey.js): @simplewebauthn/browser
 * and the passkey view, kept out of /frame.js (which every embedding page loads) and loaded by the frame,
 * SRI-checked, only when its passkey view opens. It hands the view to the frame's script.
 */
import { createPasskeyView } from './passkeyView.ts'

const host = window as Window & { porticoPasskeyView?: typeof createPasskeyView }
host.porticoPasskeyView = createPasskeyView
