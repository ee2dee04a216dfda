import { writeFileSync } from 'node:fs'
import path from 'node:path'
// @ts-expect-error a plain .mjs script without types
import { ensureServicesBuilt } from '../scripts/buildServices.mjs'
import { builtProcessProblems } from '../scripts/lib/builtServices.ts'
import { startE2eStack } from './global-setup.ts'
import { E2E_HTTPS_PORTS, HTTPS_TMP_DIR } from './stackInfo.ts'

/**
 * The https run's stack: the production build of each service (api, auth frame, relay, IdP, on-ramp
 * page), each `node services/<name>/dist/cli.js` configured by environment, with the demo, plugins,
 * API, relay and auth frame reached through nginx with TLS (scripts/lib/stackTls.ts). The test workers
 * start after this and inherit process.env: they read this run's stack file, and their Node (the
 * WalletConnect test wallet's wss, the request fixture's https) trusts the local CA, as Chromium trusts
 * the leaf by its SPKI hash.
 */
export default async function globalSetupHttps(): Promise<void> {
  // A build older than its sources would test yesterday's services: rebuild what changed (~1 s).
  const rebuilt: string[] = await ensureServicesBuilt({ log: () => {} })
  if (rebuilt.length > 0) console.log(`https run: rebuilt ${rebuilt.join(', ')} (npm run build:services)`)
  const stack = await startE2eStack(
    HTTPS_TMP_DIR,
    { ports: E2E_HTTPS_PORTS, nginxDir: path.join(HTTPS_TMP_DIR, 'nginx') },
    'built',
  )
  // What runs behind nginx is each service's build under plain node, as the system sees the processes
  // (their argv and environment in /proc), not as the stack meant to start them.
  const services = stack.builtServices ?? []
  const problems = [
    ...(services.length === 5 ? [] : [`expected 5 built services, the stack runs ${services.length}`]),
    ...services.flatMap((service) => builtProcessProblems(service.name, service.pid)),
  ]
  if (problems.length > 0) {
    await stack.stop()
    throw new Error(`The https run must run the services from their builds:\n${problems.join('\n')}`)
  }
  writeFileSync(
    path.join(HTTPS_TMP_DIR, 'services.json'),
    JSON.stringify(
      services.map(({ name, pid, command, logFile }) => ({ name, pid, command, logFile })),
      null,
      2,
    ),
  )
  process.env.PORTICO_E2E_STACK_FILE = path.join(HTTPS_TMP_DIR, 'stack.json')
  if (stack.tls) process.env.NODE_EXTRA_CA_CERTS = stack.tls.files.caCert
}
