/**
 * Thrown while options are resolved, which the React binding does in the page before the kernel body
 * loads: a module of its own, so that page does not carry the whole catalogue of messages.ts.
 */
export const BOTH_SIWE_AND_SIWX = 'Cannot set both `siweConfig` and `siwx` options'
