import { createRoot } from 'react-dom/client'
import { App } from './App.tsx'
import { type DemoOverrides, demoOptions } from './config.ts'

/** Renders the demo into #root with the environment's options and `overrides` (the test build's). */
export function renderDemo(overrides: DemoOverrides): void {
  const container = document.getElementById('root')
  if (!container) throw new Error('#root missing')
  createRoot(container).render(<App options={demoOptions(undefined, overrides)} />)
}
