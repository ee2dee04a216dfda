import plugin from './index.ts'

/** The receive plugin as an app bundles it: `plugins: { receive }` in the kernel's options. */
export const receive = plugin
export default plugin
