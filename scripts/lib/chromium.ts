/** How this project launches the system Chromium (TOOLCHAIN.md): e2e, bench and smoke scripts share it. */
export const CHROMIUM_PATH = process.env.PORTICO_CHROMIUM ?? '/usr/bin/chromium'

/** Headless flags for this machine: no sandbox as root, and no background calls to outside hosts. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]
