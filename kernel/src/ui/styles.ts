import { ANIMATION_MS, MODAL_WIDTH_PX } from '@portico/shared-types'
import { injectStyle } from '../theme/styleElement.ts'

/**
 * The modal's stylesheet; every rule is scoped under [data-portico] so host pages are untouched.
 * Structural elements are reset first (host pages style `section`, `header`… by tag); the modal's
 * classes, later in the sheet, win over the reset.
 * The overlay pins the dialog's top edge where a full-height dialog would be centred: content that
 * arrives later (a plugin's section, balances) grows it downward instead of re-centring it and moving
 * what is under the pointer.
 */
export const STYLES = `
[data-portico]{font-family:var(--pt-font-family);font-size:calc(var(--pt-font-size)*1.4);color:var(--pt-fg);line-height:1.4;-webkit-font-smoothing:antialiased}
[data-portico] *,[data-portico] *::before,[data-portico] *::after{box-sizing:border-box}
[data-portico] :where(section,header,footer,nav,article,aside,form,fieldset){margin:0;padding:0;border:0;border-radius:0;background:none;box-shadow:none;min-width:0}
[data-portico] :focus-visible{outline:2px solid var(--pt-accent);outline-offset:2px}
.pt-overlay{position:fixed;inset:0;z-index:var(--pt-z-index);background:var(--pt-overlay);display:flex;align-items:flex-start;justify-content:center;padding:max(16px,calc((100vh - 640px)/2)) 16px 16px;animation:pt-fade ${ANIMATION_MS.viewTransition}ms ease-out}
.pt-dialog{width:${MODAL_WIDTH_PX}px;max-width:100%;background:var(--pt-bg);border:1px solid var(--pt-border);border-radius:calc(var(--pt-radius)*6);box-shadow:0 12px 40px rgba(0,0,0,.35);overflow:hidden;display:flex;flex-direction:column;max-height:min(640px,calc(100vh - 32px))}
.pt-embedded .pt-dialog{box-shadow:none}
.pt-header{display:grid;grid-template-columns:40px 1fr 40px;align-items:center;padding:12px 12px 4px;min-height:56px}
.pt-header h2{margin:0;text-align:center;font-size:1.05em;font-weight:600;animation:pt-fade ${ANIMATION_MS.headerText}ms ease-out}
.pt-body{overflow:hidden;transition:height ${ANIMATION_MS.modalHeight}ms ease}
.pt-body-inner{padding:8px 16px 16px;overflow-y:auto;max-height:calc(min(640px,100vh - 32px) - 60px)}
.pt-view{animation:pt-in-next ${ANIMATION_MS.viewTransition}ms ease-out}
.pt-view[data-direction=prev]{animation-name:pt-in-prev}
@keyframes pt-fade{from{opacity:0}to{opacity:1}}
@keyframes pt-pulse{50%{opacity:.5}}
.pt-method-pending{animation:pt-pulse 1.2s ease-in-out infinite}
.pt-method-pending *{color:transparent}
.pt-method-pending .pt-pending-input{display:block;padding:10px 12px;border:1px solid transparent;border-radius:calc(var(--pt-radius)*3);background:var(--pt-bg-raised)}
@keyframes pt-in-next{from{opacity:0;transform:translateX(12px)}to{opacity:1;transform:none}}
@keyframes pt-in-prev{from{opacity:0;transform:translateX(-12px)}to{opacity:1;transform:none}}
@media (prefers-reduced-motion:reduce){[data-portico] *{animation:none!important;transition:none!important}}
.pt-icon-btn{width:36px;height:36px;border-radius:calc(var(--pt-radius)*3);border:0;background:transparent;color:var(--pt-fg);display:inline-flex;align-items:center;justify-content:center;cursor:pointer}
.pt-icon-btn:hover{background:var(--pt-bg-hover)}
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
.pt-list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}
.pt-item{display:flex;align-items:center;gap:12px;width:100%;padding:10px 12px;border-radius:calc(var(--pt-radius)*4);border:1px solid transparent;background:var(--pt-bg-raised);color:var(--pt-fg);font:inherit;text-align:left;cursor:pointer}
.pt-item:hover:not(:disabled){background:var(--pt-bg-hover)}
.pt-item[aria-current=true]{border-color:var(--pt-accent)}
.pt-item:disabled{opacity:.55;cursor:not-allowed}
.pt-item img,.pt-item-icon{width:36px;height:36px;border-radius:calc(var(--pt-radius)*3);flex:none;display:inline-flex;align-items:center;justify-content:center;background:var(--pt-bg-hover)}
.pt-item-text{display:flex;flex-direction:column;flex:1;min-width:0}
.pt-item-label{font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.pt-muted{color:var(--pt-fg-muted)}
.pt-tag{font-size:.8em;padding:2px 8px;border-radius:999px;background:var(--pt-bg-hover);color:var(--pt-fg-muted)}
.pt-text-title{font-size:1.2em;font-weight:600;margin:0}
.pt-text-body{margin:0}
.pt-text-small{font-size:.88em;margin:0}
.pt-text-mono{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;margin:0;word-break:break-all}
.pt-tone-secondary{color:var(--pt-fg-muted)}.pt-tone-error{color:var(--pt-error)}.pt-tone-success{color:var(--pt-success)}
.pt-stack{display:flex;flex-direction:column}
.pt-row{flex-direction:row}
.pt-gap-xs{gap:4px}.pt-gap-s{gap:8px}.pt-gap-m{gap:12px}.pt-gap-l{gap:20px}
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

/** Adds the stylesheet once per document, with the app's CSP nonce when it gave one. */
export function ensureStyles(doc: Document, nonce?: string): void {
  injectStyle(doc, 'portico-styles', STYLES, nonce)
}
