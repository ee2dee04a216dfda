import { ANIMATION_MS } from '@portico/shared-types'
import { injectStyle } from '../theme/styleElement.ts'
import { ensureShellStyles } from './shell/shellStyles.ts'

/**
 * The rest of the modal's stylesheet (after shell/shellStyles.ts, whose rules it may build on): views,
 * controls and toasts. Structural elements are reset first (host pages style `section`, `header`… by
 * tag, and plugins' views use them); the classes later in this sheet win over the reset, and the
 * shell's classes set nothing on such elements that the reset undoes.
 */
export const STYLES = `
[data-portico] :where(section,header,footer,nav,article,aside,form,fieldset){margin:0;padding:0;border:0;border-radius:0;background:none;box-shadow:none;min-width:0}
.pt-embedded .pt-dialog{box-shadow:none}
.pt-view[data-direction=prev]{animation-name:pt-in-prev}
@keyframes pt-pulse{50%{opacity:.5}}
.pt-method-pending{animation:pt-pulse 1.2s ease-in-out infinite}
.pt-method-pending *{color:transparent}
.pt-method-pending .pt-pending-input{display:block;padding:10px 12px;border:1px solid transparent;border-radius:calc(var(--pt-radius)*3);background:var(--pt-bg-raised)}
@keyframes pt-in-prev{from{opacity:0;transform:translateX(-12px)}to{opacity:1;transform:none}}
[data-portico][dir=rtl] .pt-view{animation-name:pt-in-prev}
[data-portico][dir=rtl] .pt-view[data-direction=prev]{animation-name:pt-in-next}
[data-portico][dir=rtl] svg[data-mirror]{transform:scaleX(-1)}
.pt-btn{display:inline-flex;align-items:center;justify-content:center;gap:8px;border-radius:calc(var(--pt-radius)*4);border:1px solid transparent;font:inherit;font-weight:600;cursor:pointer;padding:10px 16px;min-height:40px;color:var(--pt-fg);background:var(--pt-bg-raised)}
.pt-btn:hover:not(:disabled){background:var(--pt-bg-hover)}
.pt-btn:disabled{opacity:.55;cursor:not-allowed}
.pt-btn-primary{background:var(--pt-accent);color:var(--pt-accent-fg)}
.pt-btn-primary:hover:not(:disabled){background:var(--pt-accent);filter:brightness(1.08)}
.pt-btn-ghost{background:transparent;border-color:var(--pt-border)}
.pt-btn-danger{color:var(--pt-error)}
.pt-btn-sm{min-height:32px;padding:6px 12px;font-size:.9em}
.pt-btn-lg{min-height:48px}
.pt-full{width:100%}
.pt-marks{display:flex;flex-wrap:wrap;gap:8px}
.pt-marks>.pt-btn{flex:1 1 44px;padding-inline:0}
.pt-item[aria-current=true]{border-color:var(--pt-accent)}
.pt-item:disabled{opacity:.55;cursor:not-allowed}
.pt-text-title{font-size:1.2em;font-weight:600;margin:0}
.pt-text-body{margin:0}
.pt-text-mono{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;margin:0;word-break:break-all}
.pt-tone-secondary{color:var(--pt-fg-muted)}.pt-tone-error{color:var(--pt-error)}.pt-tone-success{color:var(--pt-success)}
.pt-row{flex-direction:row}
.pt-align-center{align-items:center}.pt-align-start{align-items:flex-start}.pt-align-end{align-items:flex-end}.pt-align-stretch{align-items:stretch}
.pt-justify-between{justify-content:space-between}.pt-justify-center{justify-content:center}.pt-justify-end{justify-content:flex-end}
.pt-field{display:flex;flex-direction:column;gap:6px}
.pt-field input{font:inherit;color:var(--pt-fg);background:var(--pt-bg-raised);border:1px solid var(--pt-border);border-radius:calc(var(--pt-radius)*3);padding:10px 12px}
.pt-field input[aria-invalid=true]{border-color:var(--pt-error)}
.pt-spinner{width:24px;height:24px;border-radius:50%;border:3px solid var(--pt-bg-hover);border-top-color:var(--pt-accent);animation:pt-spin .8s linear infinite}
@keyframes pt-spin{to{transform:rotate(360deg)}}
.pt-avatar{border-radius:50%;flex:none}
.pt-qr{background:#fff;padding:12px;border-radius:calc(var(--pt-radius)*4);display:flex;justify-content:center}
.pt-qr svg{display:block;width:100%;height:auto;max-width:240px}
.pt-qr-slot{display:flex;align-items:center;justify-content:center;width:240px;max-width:100%;aspect-ratio:1}
.pt-empty{display:flex;flex-direction:column;align-items:center;gap:6px;padding:24px 8px;text-align:center}
.pt-section-label{font-size:.85em;color:var(--pt-fg-muted);margin:4px 0}
.pt-divider{display:flex;align-items:center;gap:8px;color:var(--pt-fg-muted);font-size:.85em}
.pt-divider::before,.pt-divider::after{content:"";flex:1;height:1px;background:var(--pt-border)}
.pt-toasts{position:fixed;left:50%;bottom:24px;transform:translateX(-50%);z-index:calc(var(--pt-z-index) + 1);pointer-events:none}
.pt-toast{display:flex;align-items:center;gap:8px;padding:8px 14px;border-radius:999px;background:var(--pt-bg-raised);border:1px solid var(--pt-border);box-shadow:0 6px 20px rgba(0,0,0,.25);animation:pt-fade ${ANIMATION_MS.viewTransition}ms ease-out}
.pt-tabs{display:flex;gap:4px;padding:4px;border-radius:calc(var(--pt-radius)*4);background:var(--pt-bg-raised)}
.pt-tab{flex:1;border:0;background:transparent;color:var(--pt-fg-muted);font:inherit;font-weight:600;padding:8px;border-radius:calc(var(--pt-radius)*3);cursor:pointer}
.pt-tab[aria-selected=true]{background:var(--pt-bg);color:var(--pt-fg)}
.pt-features{display:grid;grid-template-columns:repeat(auto-fit,minmax(64px,1fr));gap:8px}
.pt-feature{display:flex;flex-direction:column;align-items:center;gap:4px;padding:10px 4px;border-radius:calc(var(--pt-radius)*4);border:0;background:var(--pt-bg-raised);color:var(--pt-fg);font:inherit;font-size:.9em;cursor:pointer}
.pt-feature:hover{background:var(--pt-bg-hover)}
.pt-balance{font-size:1.6em;font-weight:600;margin:0}
a.pt-link{color:var(--pt-accent);display:inline-flex;align-items:center;gap:4px}
.pt-alert{display:flex;align-items:flex-start;gap:8px;margin:0 16px 8px;padding:8px 12px;border-radius:calc(var(--pt-radius)*3);background:var(--pt-bg-raised);border:1px solid var(--pt-border)}
.pt-alert p{margin:0;flex:1}
.pt-visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`

/** Adds the modal's stylesheets once per document, with the app's CSP nonce when it gave one. */
export function ensureStyles(doc: Document, nonce?: string): void {
  ensureShellStyles(doc, nonce)
  injectStyle(doc, 'portico-styles-views', STYLES, nonce)
}
