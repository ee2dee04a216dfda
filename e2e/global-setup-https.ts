import path from 'node:path'
import { startE2eStack } from './global-setup.ts'
import { E2E_HTTPS_PORTS, HTTPS_TMP_DIR } from './stackInfo.ts'

/**
 * The https run's stack: the same services, with the demo, plugins, API, relay and auth frame reached
 * through nginx with TLS (scripts/lib/stackTls.ts). The test workers start after this and inherit
 * process.env: they read this run's stack file, and their Node (the WalletConnect test wallet's wss, the
 * request fixture's https) trusts the local CA, as Chromium trusts the leaf by its SPKI hash.
 */
export default async function globalSetupHttps(): Promise<void> {
  const stack = await startE2eStack(HTTPS_TMP_DIR, {
    ports: E2E_HTTPS_PORTS,
    nginxDir: path.join(HTTPS_TMP_DIR, 'nginx'),
  })
  process.env.PORTICO_E2E_STACK_FILE = path.join(HTTPS_TMP_DIR, 'stack.json')
  if (stack.tls) process.env.NODE_EXTRA_CA_CERTS = stack.tls.files.caCert
}
