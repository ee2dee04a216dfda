import plugin from './index.ts'

/** The onramp plugin as an app bundles it: `plugins: { onramp }` in the kernel's options. */
export const onramp = plugin
export default plugin
