/**
 * `<portico-button>`: the connect button for pages without React. It opens the modal and shows
 * Connect Wallet / Connecting… / the truncated address and balance, in the modal's locale.
 *
 * Attributes: `label` (the text when disconnected). Reflected: `status` (disconnected | connecting |
 * reconnecting | connected) and `address` (when connected). The inner button is `::part(button)`.
 * The modal is the element's `modal` property, else the last one created by the standalone build.
 */
import type { KernelState } from '@portico/shared-types'
import { truncateAddress } from './chains/format.ts'
import type { ModalHandle } from './createModal.ts'
import { en } from './i18n/en.ts'
import { selectActiveAccount } from './state/selectors.ts'
import { injectStyle } from './theme/styleElement.ts'

export type ButtonStatus = 'disconnected' | 'connecting' | 'reconnecting' | 'connected'

export interface ButtonView {
  status: ButtonStatus
  text: string
  /** The language of the kernel's words in it (BCP 47); absent for the app's own label. */
  lang?: string
  /** Set when connected: "Open account" then the visible text. */
  accessibleName?: string
  address?: string
}

const MAX_LABEL_LENGTH = 80

/** What the button shows for a state (plain function: the element only renders it). */
export function buttonView(state: KernelState, modal: ModalHandle, label: string | null): ButtonView {
  const i18n = modal.getI18n()
  const account = selectActiveAccount(state)
  if (account?.status === 'connected' && account.address) {
    const balance = account.balance === undefined ? '…' : i18n.formatBalance(account.balance)
    const symbol = account.balanceSymbol ? ` ${account.balanceSymbol}` : ''
    const text = `${truncateAddress(account.address)} · ${balance}${symbol}`
    return {
      lang: i18n.contentLanguage(),
      status: 'connected',
      text,
      accessibleName: `${i18n.t('button.openAccount')} ${text}`,
      address: account.address,
    }
  }
  const lang = i18n.contentLanguage()
  if (account?.status === 'connecting')
    return { status: 'connecting', text: i18n.t('button.connecting'), lang }
  if (account?.status === 'reconnecting')
    return { status: 'reconnecting', text: i18n.t('button.reconnecting'), lang }
  const custom = label?.trim().slice(0, MAX_LABEL_LENGTH)
  return custom
    ? { status: 'disconnected', text: custom }
    : { status: 'disconnected', text: i18n.t('button.connect'), lang }
}

const STYLES = `
:host{display:inline-block}
button{font:inherit;font-weight:600;cursor:pointer;padding:10px 16px;min-height:40px;border-radius:12px;border:1px solid transparent;background:var(--portico-button-bg,#1f5fd1);color:var(--portico-button-fg,#fff)}
button:hover:not(:disabled){filter:brightness(1.08)}
button:disabled{opacity:.6;cursor:progress}
button:focus-visible{outline:2px solid var(--portico-button-bg,#1f5fd1);outline-offset:2px}
`

let defaultModal: ModalHandle | undefined
const waiting = new Set<() => void>()

/** The modal `<portico-button>` elements use when none is set on them (the standalone build's last). */
export function setDefaultModal(modal: ModalHandle | undefined): void {
  defaultModal = modal
  for (const rebind of [...waiting]) rebind()
}

export const getDefaultModal = (): ModalHandle | undefined => defaultModal

/**
 * Registers `<portico-button>` (or `tagName`) once; a no-op where custom elements do not exist (a
 * server) or the name is taken. The class is created here, so importing this module needs no DOM.
 */
export function definePorticoButton(tagName = 'portico-button'): void {
  if (typeof window === 'undefined' || !window.customElements || window.customElements.get(tagName)) return

  class PorticoButtonElement extends HTMLElement {
    static observedAttributes = ['label']
    #modal: ModalHandle | undefined
    #bound: ModalHandle | undefined
    #unbind: (() => void) | undefined
    #button: HTMLButtonElement | undefined

    get modal(): ModalHandle | undefined {
      return this.#modal
    }

    set modal(modal: ModalHandle | undefined) {
      this.#modal = modal
      if (this.isConnected) this.#bind()
    }

    connectedCallback() {
      if (!this.#button) {
        const root = this.attachShadow({ mode: 'open' })
        const button = document.createElement('button')
        button.type = 'button'
        button.setAttribute('part', 'button')
        button.addEventListener('click', () => this.#bound?.open())
        root.append(button)
        this.#button = button
      }
      waiting.add(this.#rebind)
      this.#bind()
    }

    disconnectedCallback() {
      waiting.delete(this.#rebind)
      this.#unbind?.()
      this.#unbind = undefined
      this.#bound = undefined
    }

    attributeChangedCallback() {
      this.#render()
    }

    #rebind = () => {
      if (!this.#modal) this.#bind()
    }

    #bind() {
      const modal = this.#modal ?? defaultModal
      if (modal === this.#bound && this.#unbind) return
      this.#unbind?.()
      this.#unbind = undefined
      this.#bound = modal
      if (modal && this.shadowRoot) {
        injectStyle(this.shadowRoot, 'portico-button-styles', STYLES, modal.getState().options.nonce)
        const offState = modal.subscribe(() => this.#render())
        const offLocale = modal.getI18n().subscribe(() => this.#render())
        this.#unbind = () => {
          offState()
          offLocale()
        }
      }
      this.#render()
    }

    #render() {
      const button = this.#button
      if (!button) return
      const modal = this.#bound
      if (!modal) {
        // No modal yet: nothing to open.
        button.textContent = this.getAttribute('label')?.trim() || en.button.connect
        button.disabled = true
        this.setAttribute('status', 'disconnected')
        return
      }
      const view = buttonView(modal.getState(), modal, this.getAttribute('label'))
      if (button.textContent !== view.text) button.textContent = view.text
      if (view.lang) button.setAttribute('lang', view.lang)
      else button.removeAttribute('lang')
      if (view.accessibleName) button.setAttribute('aria-label', view.accessibleName)
      else button.removeAttribute('aria-label')
      button.disabled = view.status === 'reconnecting'
      if (view.status === 'connecting' || view.status === 'reconnecting')
        button.setAttribute('aria-busy', 'true')
      else button.removeAttribute('aria-busy')
      if (this.getAttribute('status') !== view.status) this.setAttribute('status', view.status)
      if (view.address) {
        if (this.getAttribute('address') !== view.address) this.setAttribute('address', view.address)
      } else this.removeAttribute('address')
    }
  }

  window.customElements.define(tagName, PorticoButtonElement)
}
