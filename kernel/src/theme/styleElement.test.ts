import { afterEach, describe, expect, it } from 'vitest'
import { localNetwork, NO_PLUGINS } from '../../test/testing.ts'
import { createModal } from '../createModal.ts'
import { injectStyle } from './styleElement.ts'

afterEach(() => {
  for (const style of document.querySelectorAll('style')) style.remove()
})

describe('CSP nonce on injected styles', () => {
  it('puts the app’s nonce on the modal stylesheet', () => {
    const modal = createModal({
      projectId: 'p',
      networks: [localNetwork()],
      features: NO_PLUGINS,
      nonce: 'r4nd0m',
    })
    const styles = [...document.querySelectorAll('style')]
    expect(styles.length).toBeGreaterThan(0)
    for (const style of styles) expect(style.getAttribute('nonce')).toBe('r4nd0m')
    expect(document.getElementById('portico-styles')?.textContent).toContain('[data-portico]')
    modal.destroy()
  })

  it('adds no nonce attribute without the option, and each stylesheet once', () => {
    const first = createModal({ projectId: 'p', networks: [localNetwork()], features: NO_PLUGINS })
    const second = createModal({ projectId: 'p', networks: [localNetwork()], features: NO_PLUGINS })
    const styles = document.querySelectorAll('style#portico-styles')
    expect(styles).toHaveLength(1)
    expect(styles[0]?.hasAttribute('nonce')).toBe(false)
    first.destroy()
    second.destroy()
  })

  it('injects into a shadow root too, with the nonce', () => {
    const host = document.createElement('div')
    const shadow = host.attachShadow({ mode: 'open' })
    const style = injectStyle(shadow, 's', 'button{color:red}', 'n1')
    expect(shadow.firstChild).toBe(style)
    expect(style.getAttribute('nonce')).toBe('n1')
    expect(injectStyle(shadow, 's', 'ignored', 'n1')).toBe(style)
  })
})
