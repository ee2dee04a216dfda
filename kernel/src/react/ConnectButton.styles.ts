import { ANIMATION_MS } from '@portico/shared-types'
import { DEFAULT_ACCENT, PALETTES } from '../theme/tokens.ts'

/**
 * The connect button's stylesheet. It lives in the app's page, outside the modal's root, so it carries
 * its own palette per theme mode (the modal's tokens); an app recolours it by setting `--w3m-accent`
 * (as for the modal) or any `--pt-cb-*` property on `.pt-connect-button`.
 */
const palette = (mode: 'light' | 'dark') => {
  const colours = PALETTES[mode]
  return [
    `--pt-cb-accent:var(--w3m-accent,${DEFAULT_ACCENT[mode]})`,
    `--pt-cb-accent-fg:${colours['--pt-accent-fg']}`,
    `--pt-cb-bg:${colours['--pt-bg-raised']}`,
    `--pt-cb-bg-hover:${colours['--pt-bg-hover']}`,
    `--pt-cb-border:${colours['--pt-border']}`,
    `--pt-cb-fg:${colours['--pt-fg']}`,
    `--pt-cb-fg-muted:${colours['--pt-fg-muted']}`,
  ].join(';')
}

export const CONNECT_BUTTON_CSS = `
.pt-connect-button{${palette('dark')};position:relative;display:inline-flex;align-items:center;gap:8px;box-sizing:border-box;min-height:40px;padding:0 16px;border:1px solid transparent;border-radius:999px;background:var(--pt-cb-accent);color:var(--pt-cb-accent-fg);font:600 15px/1 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;cursor:pointer;transition:filter ${ANIMATION_MS.headerText}ms ease-out,background-color ${ANIMATION_MS.headerText}ms ease-out}
.pt-connect-button[data-theme=light]{${palette('light')}}
.pt-connect-button:hover:not(:disabled){filter:brightness(1.08)}
.pt-connect-button:focus-visible{outline:2px solid var(--pt-cb-accent);outline-offset:2px}
.pt-connect-button:disabled{opacity:.6;cursor:not-allowed}
.pt-connect-button[aria-busy=true]{cursor:progress}
.pt-connect-button[data-size=sm]{min-height:32px;padding:0 12px;font-size:13px;gap:6px}
.pt-connect-button[data-size=lg]{min-height:48px;padding:0 20px;font-size:17px;gap:10px}
.pt-connect-button[data-status=connected]{padding:0 4px 0 4px;background:var(--pt-cb-bg);color:var(--pt-cb-fg);border-color:var(--pt-cb-border)}
.pt-connect-button[data-status=connected]:hover{filter:none;background:var(--pt-cb-bg-hover)}
.pt-connect-button .pt-cb-avatar{flex:none;border-radius:50%;width:28px;height:28px}
.pt-connect-button[data-size=sm] .pt-cb-avatar{width:22px;height:22px}
.pt-connect-button[data-size=lg] .pt-cb-avatar{width:36px;height:36px}
.pt-connect-button .pt-cb-name{max-width:12em;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.pt-connect-button .pt-cb-sep{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.pt-connect-button .pt-cb-balance{padding:6px 10px;border-radius:999px;background:var(--pt-cb-bg-hover);color:var(--pt-cb-fg-muted);font-weight:500;white-space:nowrap}
@media (prefers-reduced-motion:reduce){.pt-connect-button{transition:none}}
`
