// npm test: install what is missing (a Debian Chromium too), then typecheck, lint, unit, build and e2e.
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
  // Hostile input (SPEC rules against an attacker): every `*.hostile.test.ts` beside the code it guards.
  ['hostile', ['run', 'hostile', '--silent']],
  ['build', ['run', 'build', '--silent']],
  ['e2e', ['run', 'e2e', '--silent']],
]
for (const [name, args] of steps) {
  console.log(`\n› ${name}`)
  run('npm', args, { env })
}
console.log('\nAll checks passed.')
