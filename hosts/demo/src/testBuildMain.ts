// The test build's entry (dist/demo-test, served by the e2e stack and the bench): the query-string
// overrides the e2e suite uses (queryOverrides.ts), in the page's one script.
import { renderDemo } from './bootstrap.tsx'
import { queryOverrides } from './queryOverrides.ts'

// The test build leaves the Bitcoin network out unless a spec asks (?bitcoin=1).
renderDemo({ bitcoin: false, ...queryOverrides(location.search) })
