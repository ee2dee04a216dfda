/**
 * A page script for the failure report: it logs, to the console, each press of a control (with its
 * name) and each change of the dialogs on the page (their names), with the time since the page started.
 * A test that fails because a dialog did not show (or closed) then says what the visitor pressed and
 * what the page did, in CI's log where no trace survives. Top frame only; it reads the DOM and changes
 * nothing.
 */
export const DIALOG_TRACE_PREFIX = '[e2e-trace]'

export const dialogTraceScript = `(() => {
  if (window.top !== window) return
  const started = performance.now()
  const log = (what) => console.debug('${DIALOG_TRACE_PREFIX} +' + Math.round(performance.now() - started) + 'ms ' + what)
  const nameOf = (element) => {
    const labelledBy = element.getAttribute('aria-labelledby')
    const label = element.getAttribute('aria-label') || (labelledBy && document.getElementById(labelledBy)?.textContent) || element.textContent || ''
    return label.trim().replace(/\\s+/g, ' ').slice(0, 80)
  }
  document.addEventListener('click', (event) => {
    const control = event.target instanceof Element ? event.target.closest('button, a, input') : null
    if (control) log('press ' + control.tagName.toLowerCase() + ' "' + nameOf(control) + '"' + (event.isTrusted ? '' : ' (script)'))
  }, true)
  let shown = ''
  const look = () => {
    const now = [...document.querySelectorAll('[role=dialog]')]
      .filter((dialog) => dialog.checkVisibility ? dialog.checkVisibility({ visibilityProperty: true }) : true)
      .map((dialog) => '"' + nameOf(dialog) + '"')
      .join(', ')
    if (now === shown) return
    shown = now
    log('dialogs: ' + (now || 'none'))
  }
  new MutationObserver(look).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-prepared', 'aria-labelledby'] })
})()`
