/** The build for hosts without React: `window.Portico.createModal(options)`; React comes bundled. */
export { BUILT_IN_NETWORKS, createModal, defineNetwork, definePlugin } from './index.ts'
