import plugin from './index.ts'

/** The socials plugin as an app bundles it: `plugins: { socials }` in the kernel's options. */
export const socials = plugin
export default plugin
