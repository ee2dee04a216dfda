import { defineConfig } from 'vite'

// No React plugin: Vite's own transform compiles the JSX (automatic runtime).
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
  build: { target: 'es2022' },
})
