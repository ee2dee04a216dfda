import plugin from './index.ts'

/** The names plugin as an app bundles it: `plugins: { names }` in the kernel's options. */
export const names = plugin
export default plugin
