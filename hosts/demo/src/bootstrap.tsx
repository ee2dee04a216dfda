import { createRoot } from 'react-dom/client'
import { App } from './App.tsx'
import { type DemoOverrides, demoOptions } from './config.ts'
import { pageNonce } from './pageNonce.ts'

/**
 * Renders the demo into #root with the environment's options, `overrides` (the test build's) and the
 * page's CSP nonce (served under a strict policy, the modal's styles need it).
 */
export function renderDemo(overrides: DemoOverrides): void {
  const container = document.getElementById('root')
  if (!container) throw new Error('#root missing')
  const nonce = pageNonce()
  const options = { ...demoOptions(undefined, overrides), ...(nonce ? { nonce } : {}) }
  createRoot(container).render(<App options={options} />)
}
