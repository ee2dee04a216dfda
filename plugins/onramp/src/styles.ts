import { injectStyle, type PluginContext } from '@portico/shared-types/plugin'
import { useInsertionEffect } from 'react'

/** The Buy view's rules (listbox, presets): they ship in this plugin's chunk, not in the kernel's sheet. */
const CSS = `
[data-portico] .pt-buy-choices{display:grid;grid-template-columns:repeat(auto-fit,minmax(120px,1fr));gap:8px}
[data-portico] .pt-listbox{position:relative;display:flex;flex-direction:column;gap:6px;min-width:0}
[data-portico] .pt-listbox-control{display:flex;align-items:center;justify-content:space-between;gap:8px;padding:10px 12px;border:1px solid var(--pt-border);border-radius:calc(var(--pt-radius)*3);background:var(--pt-bg-raised);color:var(--pt-fg);cursor:pointer;min-height:20px}
[data-portico] .pt-listbox-control:hover{background:var(--pt-bg-hover)}
[data-portico] .pt-listbox-control[aria-expanded=true]{border-color:var(--pt-accent)}
[data-portico] .pt-listbox-value{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
[data-portico] .pt-listbox-chevron{width:12px;height:12px;flex:none;color:var(--pt-fg-muted)}
[data-portico] .pt-listbox-popup{position:absolute;top:100%;inset-inline:0;z-index:2;margin:4px 0 0;padding:4px;list-style:none;max-height:220px;overflow:auto;background:var(--pt-bg);border:1px solid var(--pt-border);border-radius:calc(var(--pt-radius)*3);box-shadow:0 8px 24px rgba(0,0,0,.3)}
[data-portico] .pt-listbox-popup[hidden]{display:none}
[data-portico] .pt-listbox-option{padding:8px 10px;border-radius:calc(var(--pt-radius)*2);cursor:pointer}
[data-portico] .pt-listbox-option:hover,[data-portico] .pt-listbox-option.pt-active{background:var(--pt-bg-hover)}
[data-portico] .pt-listbox-option[aria-selected=true]{font-weight:600;color:var(--pt-accent)}
[data-portico] .pt-presets{display:flex;gap:8px;flex-wrap:wrap;border:0;margin:0;padding:0;min-width:0}
[data-portico] .pt-preset{flex:1;min-width:64px;padding:8px 12px;border:1px solid var(--pt-border);border-radius:999px;background:transparent;color:var(--pt-fg);font:inherit;font-weight:600;cursor:pointer}
[data-portico] .pt-preset:hover{background:var(--pt-bg-hover)}
[data-portico] .pt-preset[aria-pressed=true]{border-color:var(--pt-accent);color:var(--pt-accent)}
`

/** Adds the plugin's stylesheet once per document, with the app's CSP nonce when it gave one. */
export function useOnrampStyles(ctx: PluginContext): void {
  const nonce = ctx.config.nonce
  useInsertionEffect(() => {
    injectStyle(document, 'portico-plugin-onramp', CSS, nonce)
  }, [nonce])
}
