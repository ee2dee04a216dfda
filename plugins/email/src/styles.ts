import { injectStyle, type PluginContext } from '@portico/shared-types/plugin'
import { useInsertionEffect } from 'react'

/** The code boxes' rules: they ship in this plugin's chunk, not in the kernel's stylesheet. */
const CSS = `
[data-portico] .pt-otp{display:flex;flex-direction:column;gap:8px;border:0;margin:0;padding:0;min-width:0}
[data-portico] .pt-otp legend{padding:0;margin-bottom:8px}
[data-portico] .pt-otp-boxes{display:grid;grid-template-columns:repeat(6,minmax(0,48px));gap:8px;justify-content:center}
[data-portico] .pt-otp-boxes input{box-sizing:border-box;width:100%;height:52px;text-align:center;font:inherit;font-size:1.4em;font-weight:600;color:var(--pt-fg);background:var(--pt-bg-raised);border:1px solid var(--pt-border);border-radius:calc(var(--pt-radius)*3);caret-color:var(--pt-accent)}
[data-portico] .pt-otp-boxes input:focus{border-color:var(--pt-accent)}
[data-portico] .pt-otp-boxes input[aria-invalid=true]{border-color:var(--pt-error)}
`

/** Adds the plugin's stylesheet once per document, with the app's CSP nonce when it gave one. */
export function useEmailStyles(ctx: PluginContext): void {
  const nonce = ctx.config.nonce
  useInsertionEffect(() => {
    injectStyle(document, 'portico-plugin-email', CSS, nonce)
  }, [nonce])
}
