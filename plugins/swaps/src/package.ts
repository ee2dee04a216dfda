import plugin from './index.ts'

/** The swaps plugin as an app bundles it: `plugins: { swaps }` in the kernel's options. */
export const swaps = plugin
export default plugin
