import plugin from './index.ts'

/** The send plugin as an app bundles it: `plugins: { send }` in the kernel's options. */
export const send = plugin
export default plugin
