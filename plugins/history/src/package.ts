import plugin from './index.ts'

/** The history plugin as an app bundles it: `plugins: { history }` in the kernel's options. */
export const history = plugin
export default plugin
