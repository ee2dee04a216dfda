import plugin from './index.ts'

/** The siwx plugin as an app bundles it: `plugins: { siwx }` in the kernel's options. */
export const siwx = plugin
export default plugin
