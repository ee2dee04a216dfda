import plugin from './index.ts'

/** The smartSessions plugin as an app bundles it: `plugins: { smartSessions }` in the kernel's options. */
export const smartSessions = plugin
export default plugin
