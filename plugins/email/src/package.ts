import plugin from './index.ts'

/** The email plugin as an app bundles it: `plugins: { email }` in the kernel's options. */
export const email = plugin
export default plugin
