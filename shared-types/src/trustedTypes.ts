/**
 * Trusted Types: a page that sends `require-trusted-types-for 'script'` lets a script's `src` be set only
 * from a policy its `trusted-types` directive names. Portico sets one in three places, each through a
 * policy of its own, so a page can name exactly the code it lets load scripts:
 * - the kernel, for a plugin remote's entry, and only one whose manifest was checked (its SRI hash known);
 * - each plugin remote's chunk loader;
 * - the standalone build's chunk loader (`window.Portico`, the plain-HTML host).
 */

/** The kernel's policy: plugin remote entries. */
export const KERNEL_TRUSTED_TYPES_POLICY = 'portico'
/** The standalone build's chunk loader. */
export const STANDALONE_TRUSTED_TYPES_POLICY = 'portico-standalone'

/** What a plugin id may hold to be named in a policy (and in a CSP directive, where `;` or a space would end it). */
const POLICY_ID = /^[A-Za-z0-9_-]{1,64}$/

/** The chunk loader's policy of plugin `id`'s remote (build/pluginRemote.ts names it so). */
export function pluginTrustedTypesPolicy(id: string): string {
  if (!POLICY_ID.test(id))
    throw new Error(`"${id}" cannot name a Trusted Types policy (letters, digits, _ and -)`)
  return `portico_${id}`
}

/**
 * The policy names to list in `trusted-types` for a modal that loads these plugins' remotes, the kernel's
 * first. Plugins passed as bundled objects load no scripts and need none.
 */
export function trustedTypesPolicyNames(pluginIds: readonly string[]): string[] {
  return [KERNEL_TRUSTED_TYPES_POLICY, ...new Set(pluginIds.map(pluginTrustedTypesPolicy))]
}
