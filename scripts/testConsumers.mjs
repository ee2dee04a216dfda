// npm run test:consumers: the consumer matrix's variants beyond each app's default (variants.ts): wagmi 2
// and 3 × React 18 and 19 in the Vite app, wagmi 2 in the Next.js app. npm test runs the defaults; CI
// runs this after it (.ci/run). Needs npm test's build (or npm run build:packages && npm run build).
// Then the offline proof: one variant of each app installed again with npm's --offline, from the
// committed lockfile, the packed Portico tarballs and the npm cache the online installs just filled.
import { ensureChromium, ensureDependencies, run } from './lib/setup.mjs'

ensureDependencies()
const env = { ...process.env, PORTICO_CHROMIUM: ensureChromium(), PORTICO_CONSUMER_VARIANTS: 'others' }
run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', 'e2e/consumers'], { env })
console.log('\nConsumer variants passed.')
run(
  'npx',
  ['tsx', 'e2e/consumers/install.ts', '--offline', 'vite-app:wagmi2-react18', 'next-app:wagmi2-react19'],
  {
    env,
  },
)
console.log('\nOffline installs passed.')
