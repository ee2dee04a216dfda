export { CopyRefusedError, PLUGIN_PACKAGES } from './catalogue.ts'
export { type CopiedRemote, type CopyRequest, copyPlugins } from './copy.ts'
