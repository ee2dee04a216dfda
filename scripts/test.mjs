// npm test: install what is missing (a Debian Chromium and nginx too), then typecheck, lint, the
// browser-side tests, the services' tests on the LTS Node, build and e2e (on this machine's Node, then
// the https run of the services' builds behind nginx with TLS, then a connect e2e on the LTS Node).
import { ensureLtsNode, LTS_NODE_VERSION } from './lib/nodeLts.mjs'
import { ensureChromium, ensureDependencies, ensureNginx, run } from './lib/setup.mjs'

ensureDependencies()
const chromium = ensureChromium()
// nginx: the https e2e run and scripts/lib/nginx.test.ts put the stack behind it.
const nginx = ensureNginx()
const env = { ...process.env, PORTICO_CHROMIUM: chromium, PORTICO_NGINX: nginx }
const npm = (name, args) => {
  console.log(`\n› ${name}`)
  run('npm', args, { env })
}

npm('typecheck', ['run', 'typecheck', '--silent'])
npm('lint', ['run', 'lint', '--silent'])
// The publishable packages (ESM + .d.ts): services run under tsx/Playwright resolve workspace packages
// to dist, and the consumer-app e2e specs install these.
npm('packages', ['run', 'build:packages', '--silent'])
// Kernel, plugins, hosts and shared types (vitest project "ui"); hostile input: every
// `*.hostile.test.ts` beside the code it guards.
npm('unit (ui)', ['run', 'unit', '--silent', '--', '--project', 'ui'])
npm('hostile (ui)', ['run', 'hostile', '--silent', '--', '--project', 'ui'])

// The services run in production on a current LTS Node (engines: 22 or 24); these machines have Node 20.
// The services' tests, unit and hostile (vitest project "services"), run on the LTS binary; the e2e
// below still runs the whole stack on this machine's Node.
console.log(`\n› services, unit and hostile, on Node ${LTS_NODE_VERSION}`)
const lts = ensureLtsNode()
const ltsEnv = { ...env, ...lts.env }
run(lts.node, ['node_modules/vitest/vitest.mjs', 'run', '--project', 'services'], { env: ltsEnv })

npm('build', ['run', 'build', '--silent'])
// Every publishable package packed as npm publish would, then checked: the files its package.json names,
// publint, @arethetypeswrong/cli, and the packed portico-plugins copying the packed plugins' remotes.
npm('packages checked (publint, attw)', ['run', 'check:packages', '--silent'])
npm('e2e', ['run', 'e2e', '--silent'])
// The same stack once more behind nginx with TLS (one start), its services from their production builds
// (node services/<name>/dist/cli.js, built here): connect, email login, send, WalletConnect and the TLS
// spec against the https origins. (The https run's setup also rebuilds a stale build when run alone.)
npm('services built (build:services)', ['run', 'build:services', '--silent'])
npm('e2e over https (nginx, TLS, built services)', ['run', 'e2e:https', '--silent'])

console.log(`\n› connect e2e on Node ${LTS_NODE_VERSION}`)
const e2e = ['node_modules/@playwright/test/cli.js', 'test', '-c', 'e2e/playwright.config.ts']
run(lts.node, [...e2e, 'e2e/connect.spec.ts'], { env: ltsEnv })
console.log('\nAll checks passed.')
