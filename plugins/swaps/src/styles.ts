import { ANIMATION_MS } from '@portico/shared-types'
import { injectStyle, type PluginContext } from '@portico/shared-types/plugin'
import { useInsertionEffect } from 'react'

/** The Swap views' rules: they ship in this plugin's chunk, not in the kernel's stylesheet. */
const CSS = `
[data-portico] .pt-swap{display:flex;flex-direction:column;gap:8px;min-height:100%}
[data-portico] .pt-swap-panel{display:flex;flex-direction:column;gap:6px;padding:12px 14px;border-radius:calc(var(--pt-radius)*4);background:var(--pt-bg-raised);border:1px solid transparent}
[data-portico] .pt-swap-panel:focus-within{border-color:var(--pt-border)}
[data-portico] .pt-swap-heading{margin:0;font-size:.85em;font-weight:600;color:var(--pt-fg-muted)}
[data-portico] .pt-swap-row{display:flex;align-items:center;gap:8px}
[data-portico] .pt-swap-amount{flex:1;min-width:0;padding:2px 0;border:0;background:transparent;color:var(--pt-fg);font:inherit;font-size:1.7em;font-weight:600}
[data-portico] .pt-swap-amount::placeholder{color:var(--pt-fg-muted)}
[data-portico] .pt-swap-amount[aria-invalid=true]{color:var(--pt-error)}
[data-portico] .pt-swap-token{display:inline-flex;align-items:center;gap:6px;flex:none;max-width:55%;padding:4px 10px 4px 4px;border-radius:999px;border:1px solid var(--pt-border);background:var(--pt-bg);color:var(--pt-fg);font:inherit;font-weight:600;cursor:pointer}
[data-portico] .pt-swap-token:hover{background:var(--pt-bg-hover)}
[data-portico] .pt-swap-token-empty{padding:8px 12px;border-color:transparent;background:var(--pt-accent);color:var(--pt-accent-fg)}
[data-portico] .pt-swap-token-empty:hover{background:var(--pt-accent);filter:brightness(1.08)}
[data-portico] .pt-swap-symbol{overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
[data-portico] .pt-swap-clear{display:inline-flex;align-items:center;justify-content:center;flex:none;width:28px;height:28px;padding:0;border:0;border-radius:50%;background:transparent;color:var(--pt-fg-muted);cursor:pointer}
[data-portico] .pt-swap-clear:hover{background:var(--pt-bg-hover);color:var(--pt-fg)}
[data-portico] .pt-swap-meta{display:flex;justify-content:space-between;gap:8px;min-height:1.3em;font-size:.85em;color:var(--pt-fg-muted)}
[data-portico] .pt-swap-switch{position:relative;z-index:1;display:flex;justify-content:center;margin:-16px 0}
[data-portico] .pt-swap-switch .pt-btn{width:40px;min-height:40px;padding:0;border:4px solid var(--pt-bg);border-radius:calc(var(--pt-radius)*3)}
[data-portico] .pt-token-logo{flex:none;border-radius:50%}
[data-portico] .pt-badge{flex:none;padding:0 6px;border:1px solid currentColor;border-radius:999px;font-size:.75em;font-weight:600;color:var(--pt-error)}
[data-portico] .pt-swap-details{border-radius:calc(var(--pt-radius)*4);border:1px solid var(--pt-border)}
[data-portico] .pt-swap-details-toggle{display:flex;align-items:center;justify-content:space-between;gap:8px;width:100%;padding:10px 12px;border:0;border-radius:inherit;background:transparent;color:var(--pt-fg);font:inherit;cursor:pointer}
[data-portico] .pt-swap-details-toggle svg{transition:transform ${ANIMATION_MS.viewTransition}ms ease-out;color:var(--pt-fg-muted)}
[data-portico] .pt-swap-details-toggle[aria-expanded=true] svg{transform:rotate(90deg)}
[data-portico] .pt-swap-details dl{display:flex;flex-direction:column;gap:6px;margin:0;padding:0 12px 12px}
[data-portico] .pt-swap-details dl[hidden]{display:none}
[data-portico] .pt-swap-details dl>div{display:flex;justify-content:space-between;gap:12px}
[data-portico] .pt-swap-details dt{margin:0;opacity:1;color:var(--pt-fg-muted)}
[data-portico] .pt-swap-details dd{margin:0;text-align:end;overflow-wrap:anywhere}
[data-portico] .pt-swap-footer{position:sticky;bottom:0;z-index:1;margin-top:auto;padding:8px 0 env(safe-area-inset-bottom,0);background:var(--pt-bg)}
@media (prefers-reduced-motion:reduce){[data-portico] .pt-swap-details-toggle svg{transition:none}}
`

/** Adds the plugin's stylesheet once per document, with the app's CSP nonce when it gave one. */
export function useSwapStyles(ctx: PluginContext): void {
  const nonce = ctx.config.nonce
  useInsertionEffect(() => {
    injectStyle(document, 'portico-plugin-swaps', CSS, nonce)
  }, [nonce])
}
