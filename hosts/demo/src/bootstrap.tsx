import { createRoot } from 'react-dom/client'
import { App } from './App.tsx'
import { demoOptions } from './config.ts'

const container = document.getElementById('root')
if (!container) throw new Error('#root missing')
createRoot(container).render(<App options={demoOptions()} />)
