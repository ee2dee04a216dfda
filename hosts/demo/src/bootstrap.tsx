import { createRoot } from 'react-dom/client'
import { App } from './App.tsx'
import { type DemoOverrides, demoOptions } from './config.ts'

/** Build-time constant (hosts/demo/rspack.config.ts): true only in the test build, dist/demo-test. */
declare const __PORTICO_DEMO_TEST__: boolean

const container = document.getElementById('root')
if (!container) throw new Error('#root missing')
const root = createRoot(container)
// In the default build this branch and the module it imports are removed at build time.
const overrides: Promise<DemoOverrides> = __PORTICO_DEMO_TEST__
  ? // The test build leaves the Bitcoin network out unless a spec asks (?bitcoin=1).
    import('./queryOverrides.ts').then(({ queryOverrides }) => ({
      bitcoin: false,
      ...queryOverrides(location.search),
    }))
  : Promise.resolve({})
void overrides.then((found) => root.render(<App options={demoOptions(undefined, found)} />))
