// npm test: install what is missing (a Debian Chromium too), then typecheck, lint, unit, build and e2e.
import { ensureLtsNode, LTS_NODE_VERSION } from './lib/node-lts.mjs'
import { ensureChromium, ensureDependencies, run } from './lib/setup.mjs'

ensureDependencies()
const chromium = ensureChromium()
const env = { ...process.env, PORTICO_CHROMIUM: chromium }
const steps = [
  ['typecheck', ['run', 'typecheck', '--silent']],
  ['lint', ['run', 'lint', '--silent']],
  // The publishable packages (ESM + .d.ts): services run under tsx/Playwright resolve workspace packages
  // to dist, and the consumer-app e2e specs install these.
  ['packages', ['run', 'build:packages', '--silent']],
  ['unit', ['run', 'unit', '--silent']],
  // Hostile input (behaviour-reference rules against an attacker): every `*.hostile.test.ts` beside the code it guards.
  ['hostile', ['run', 'hostile', '--silent']],
  ['build', ['run', 'build', '--silent']],
  ['e2e', ['run', 'e2e', '--silent']],
]
for (const [name, args] of steps) {
  console.log(`\n› ${name}`)
  run('npm', args, { env })
}

// The services run in production on a current LTS Node; the machines here have Node 20, so the
// services' tests (unit and hostile) and a connect e2e run once more on the LTS binary.
console.log(`\n› services and connect e2e on Node ${LTS_NODE_VERSION}`)
const lts = ensureLtsNode()
const ltsEnv = { ...env, ...lts.env }
run(lts.node, ['node_modules/vitest/vitest.mjs', 'run', 'services'], { env: ltsEnv })
run(
  lts.node,
  ['node_modules/@playwright/test/cli.js', 'test', '-c', 'e2e/playwright.config.ts', 'e2e/connect.spec.ts'],
  {
    env: ltsEnv,
  },
)
console.log('\nAll checks passed.')
