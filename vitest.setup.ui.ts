import { configure } from '@testing-library/react'

// findBy*/waitFor poll until the UI shows what is expected; their 1 s default is shorter than a plugin
// load or a lazy chunk on a loaded 2-core CI machine. A longer wait only matters when the test fails.
configure({ asyncUtilTimeout: 10_000 })
