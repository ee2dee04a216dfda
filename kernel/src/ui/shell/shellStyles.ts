import { ANIMATION_MS, MODAL_WIDTH_PX } from '@portico/shared-types'
import { injectStyle } from '../../theme/styleElement.ts'

/**
 * The first part of the modal's stylesheet: what the shell and the Connect view's first paint use (the
 * page carries it, so an open paints before the kernel body has loaded); ui/styles.ts holds the rest,
 * added after it. Every rule is scoped under [data-portico] so host pages are untouched.
 * The overlay pins the dialog's top edge where a full-height dialog would be centred: content that
 * arrives later (a plugin's section, balances) grows it downward instead of re-centring it and moving
 * what is under the pointer.
 * Under 600 px wide the dialog is a bottom sheet: full width, anchored to the bottom above the safe
 * area, its body scrolling inside so every section (email) stays reachable; its handle drags it closed.
 */
export const SHELL_STYLES = `
[data-portico]{font-family:var(--pt-font-family);font-size:calc(var(--pt-font-size)*1.4);color:var(--pt-fg);line-height:1.4;-webkit-font-smoothing:antialiased}
[data-portico] *,[data-portico] *::before,[data-portico] *::after{box-sizing:border-box}
[data-portico] :focus-visible{outline:2px solid var(--pt-accent);outline-offset:2px}
.pt-overlay{position:fixed;inset:0;z-index:var(--pt-z-index);background:var(--pt-overlay);display:flex;align-items:flex-start;justify-content:center;padding:max(16px,calc((100vh - 640px)/2)) 16px 16px;animation:pt-fade ${ANIMATION_MS.viewTransition}ms ease-out}
.pt-overlay[data-prepared],.pt-overlay[data-prepared] *{visibility:hidden;animation:none}
.pt-dialog{width:${MODAL_WIDTH_PX}px;max-width:100%;background:var(--pt-bg);border:1px solid var(--pt-border);border-radius:calc(var(--pt-radius)*6);box-shadow:0 12px 40px rgba(0,0,0,.35);overflow:hidden;display:flex;flex-direction:column;max-height:min(640px,calc(100vh - 32px))}
.pt-header{display:grid;grid-template-columns:40px 1fr 40px;align-items:center;padding:12px 12px 4px;min-height:56px}
.pt-header h2{margin:0;text-align:center;font-size:1.05em;font-weight:600;animation:pt-fade ${ANIMATION_MS.headerText}ms ease-out}
.pt-body{overflow:hidden;transition:height ${ANIMATION_MS.modalHeight}ms ease}
.pt-body-inner{padding:8px 16px 16px;overflow-y:auto;max-height:calc(min(640px,100vh - 32px) - 60px)}
.pt-view{animation:pt-in-next ${ANIMATION_MS.viewTransition}ms ease-out}
@keyframes pt-fade{from{opacity:0}to{opacity:1}}
@keyframes pt-in-next{from{opacity:0;transform:translateX(12px)}to{opacity:1;transform:none}}
@media (prefers-reduced-motion:reduce){[data-portico] *{animation:none!important;transition:none!important}}
.pt-icon-btn{width:36px;height:36px;border-radius:calc(var(--pt-radius)*3);border:0;background:transparent;color:var(--pt-fg);display:inline-flex;align-items:center;justify-content:center;cursor:pointer}
.pt-icon-btn:hover{background:var(--pt-bg-hover)}
.pt-list{list-style:none;margin:0;padding:0;display:flex;flex-direction:column;gap:8px}
.pt-item{display:flex;align-items:center;gap:12px;width:100%;padding:10px 12px;border-radius:calc(var(--pt-radius)*4);border:1px solid transparent;background:var(--pt-bg-raised);color:var(--pt-fg);font:inherit;text-align:start;cursor:pointer}
.pt-item:hover:not(:disabled){background:var(--pt-bg-hover)}
.pt-item img,.pt-item-icon{width:36px;height:36px;border-radius:calc(var(--pt-radius)*3);flex:none;display:inline-flex;align-items:center;justify-content:center;background:var(--pt-bg-hover)}
.pt-item-text{display:flex;flex-direction:column;flex:1;min-width:0}
.pt-item-label{font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.pt-muted{color:var(--pt-fg-muted)}
.pt-badges{display:flex;flex-wrap:wrap;gap:4px;margin-top:3px}
.pt-badge{font-size:.72em;line-height:1.5;padding:0 6px;border-radius:999px;border:1px solid var(--pt-border);color:var(--pt-fg-muted)}
.pt-faces{margin:8px 0 0 20px}
.pt-sheet-handle{display:none}
@keyframes pt-sheet-in{from{transform:translateY(100%)}to{transform:none}}
@media (max-width:599px){
.pt-overlay{align-items:flex-end;padding:24px 0 0}
.pt-overlay>.pt-dialog{width:100%;border-bottom:0;border-radius:calc(var(--pt-radius)*6) calc(var(--pt-radius)*6) 0 0;max-height:calc(100vh - 24px);max-height:calc(100dvh - 24px);padding-bottom:env(safe-area-inset-bottom,0px);animation:pt-sheet-in ${ANIMATION_MS.viewTransition * 2}ms ease-out;transition:transform ${ANIMATION_MS.viewTransition}ms ease-out}
.pt-overlay>.pt-dialog[data-dragging]{transition:none}
.pt-overlay>.pt-dialog .pt-body-inner{max-height:calc(100vh - 24px - 76px - env(safe-area-inset-bottom,0px));max-height:calc(100dvh - 24px - 76px - env(safe-area-inset-bottom,0px))}
.pt-overlay>.pt-dialog>.pt-sheet-handle{display:block;position:relative;z-index:1;align-self:center;width:64px;height:20px;margin:0 0 -12px;cursor:grab;touch-action:none}
.pt-sheet-handle::before{content:"";display:block;width:36px;height:4px;margin:8px auto;border-radius:2px;background:var(--pt-border)}
}
.pt-tag{font-size:.8em;padding:2px 8px;border-radius:999px;background:var(--pt-bg-hover);color:var(--pt-fg-muted)}
.pt-text-small{font-size:.88em;margin:0}
.pt-stack{display:flex;flex-direction:column}
.pt-gap-xs{gap:4px}.pt-gap-s{gap:8px}.pt-gap-m{gap:12px}.pt-gap-l{gap:20px}
`

/** Adds the shell's stylesheet once per document, with the app's CSP nonce when it gave one. */
export function ensureShellStyles(doc: Document, nonce?: string): void {
  injectStyle(doc, 'portico-styles', SHELL_STYLES, nonce)
}
