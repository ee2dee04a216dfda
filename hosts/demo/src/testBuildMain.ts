// The test build's entry (dist/demo-test, served by the e2e stack and the bench): the query-string
// overrides the e2e suite uses (queryOverrides.ts), in the page's one script.
import { renderDemo } from './bootstrap.tsx'
import { queryOverrides } from './queryOverrides.ts'

// The test build leaves the Bitcoin network and gas paid by the app out unless a spec asks (?bitcoin=1,
// ?paymaster=1): the other specs' smart accounts pay their own gas, as they assert.
renderDemo({ bitcoin: false, paymaster: false, ...queryOverrides(location.search) })
