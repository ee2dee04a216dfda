import { KERNEL_TRUSTED_TYPES_POLICY } from '@portico/shared-types'
import { PluginLoadError } from './errors.ts'

/** The two members of the browser's Trusted Types API the kernel uses (TypeScript's DOM types lack them). */
interface ScriptUrlPolicy {
  createScriptURL(url: string): unknown
}
interface TrustedTypesFactory {
  createPolicy(name: string, rules: { createScriptURL(url: string): string }): ScriptUrlPolicy
}

/** The page's policy, made on first use; null where the browser has no Trusted Types or refused the name. */
let policy: ScriptUrlPolicy | null | undefined
/** Read by the policy's rule: the policy is made once per page, its rule asks the latest caller's check. */
let allowedUrls: (url: string) => boolean = () => false

/**
 * `url` as a script source the page's Trusted Types enforcement accepts (`require-trusted-types-for
 * 'script'`), through the kernel's policy `portico`, which turns only what `allowed` accepts into a
 * TrustedScriptURL: a page script cannot use the kernel's policy to load a script of its choosing. Where
 * the browser has no Trusted Types, or the page's `trusted-types` list leaves `portico` out, the URL stays
 * a string: the browser then loads it where the page does not require Trusted Types and refuses it (a
 * violation the page reports) where it does.
 */
export function trustedScriptUrl(url: string, allowed: (url: string) => boolean): unknown {
  allowedUrls = allowed
  if (policy === undefined) {
    const factory = (globalThis as { trustedTypes?: TrustedTypesFactory }).trustedTypes
    try {
      policy =
        factory?.createPolicy(KERNEL_TRUSTED_TYPES_POLICY, {
          createScriptURL(candidate) {
            if (!allowedUrls(candidate))
              throw new PluginLoadError('PLUGIN_ENTRY_UNCHECKED', `${candidate} has no checked manifest`)
            return candidate
          },
        }) ?? null
    } catch {
      // A name the page's `trusted-types` list leaves out, or a second copy of the kernel on the page.
      policy = null
    }
  }
  return policy ? policy.createScriptURL(url) : url
}
