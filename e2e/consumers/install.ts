/**
 * Installs consumer variants as the specs do, without building or serving them:
 * `npx tsx e2e/consumers/install.ts [--offline] [app[:variant] …]` (all by default). With `--offline`
 * npm may not reach a registry: the install succeeds only from the committed lockfile, the packed
 * Portico packages and npm's cache, which is the offline proof (run it after one online install).
 */
import { packPackages, prepareApp, type Timings } from './consumerApps.ts'
import { selectVariants } from './variants.ts'

const args = process.argv.slice(2)
const offline = args.includes('--offline')
packPackages({})
for (const variant of selectVariants(args.filter((arg) => arg !== '--offline'))) {
  const timings: Timings = {}
  const dir = await prepareApp(variant, timings, offline)
  console.log(`${variant.app} ${variant.id}${offline ? ' (offline)' : ''}: ${dir} ${JSON.stringify(timings)}`)
}
