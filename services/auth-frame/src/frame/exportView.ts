/**
 * The user's key export, inside the frame (its own origin and document): a fresh code is mailed to the
 * account's address, typed here, and the keys are shown here only. Nothing of it is ever posted to the
 * page, which cannot read this document.
 */
import type { BackendAnswer, Exporter } from './bridge.ts'
import { button, element, onTrusted, showView } from './dom.ts'

export interface ExportViewOptions {
  onSize(height: number): void
  themeMode(): string | undefined
}

interface ExportedKeys {
  eip155?: { address: string; privateKey: string }
  solana?: { address: string; secretKey: string }
}

const errorOf = (answer: BackendAnswer) => (answer.ok ? '' : answer.error || 'An error occurred')

export function createExportView(options: ExportViewOptions): Exporter {
  return (call, signal) =>
    new Promise<void>((resolve) => {
      const root = element('main', 'approval')
      root.setAttribute('aria-labelledby', 'export-title')
      const title = element('h1', 'title', 'Export your private key')
      title.id = 'export-title'
      const warning = element(
        'p',
        'note',
        'Anyone with this key controls your wallet. It is shown here, in your wallet, and never to the site.',
      )
      const alert = element('p', 'error')
      alert.setAttribute('role', 'alert')
      const body = element('div', 'rows')
      const actions = element('div', 'actions')
      const close = button('Close', 'reject')
      const send = button('Email me a code', 'approve')
      actions.append(close, send)
      root.append(title, warning, body, alert, actions)
      const show = () => showView(root, options.themeMode(), options.onSize)
      show()

      const finish = () => {
        signal.removeEventListener('abort', finish)
        document.body.replaceChildren()
        resolve()
      }
      signal.addEventListener('abort', finish)
      onTrusted(close, 'click', finish)

      const showKeys = (keys: ExportedKeys) => {
        const list = element('dl', 'rows')
        const add = (label: string, value: string) => {
          const item = element('div', 'row')
          const output = element('output', undefined, value)
          output.setAttribute('aria-label', label)
          const dd = element('dd')
          dd.append(output)
          item.append(element('dt', undefined, label), dd)
          list.append(item)
        }
        if (keys.eip155) {
          add('Ethereum address', keys.eip155.address)
          add('Ethereum private key', keys.eip155.privateKey)
        }
        if (keys.solana) {
          add('Solana address', keys.solana.address)
          add('Solana secret key', keys.solana.secretKey)
        }
        body.replaceChildren(list)
        send.remove()
        close.textContent = 'Done'
        show()
      }

      const askCode = (email: string) => {
        const form = element('form', 'code')
        const label = element('label', undefined, `Code sent to ${email}`)
        const input = element('input')
        input.id = 'export-code'
        label.htmlFor = input.id
        input.inputMode = 'numeric'
        input.autocomplete = 'one-time-code'
        input.maxLength = 6
        const submit = button('Show my key', 'approve')
        submit.type = 'submit'
        form.append(label, input, submit)
        body.replaceChildren(form)
        send.remove()
        show()
        input.focus()
        onTrusted(form, 'submit', async (event) => {
          event.preventDefault()
          submit.disabled = true
          const answer = await call('EXPORT_KEY', { otp: input.value.trim() })
          submit.disabled = false
          if (signal.aborted) return
          if (!answer.ok) {
            alert.textContent = errorOf(answer)
            return show()
          }
          alert.textContent = ''
          showKeys((answer.result ?? {}) as ExportedKeys)
        })
      }

      onTrusted(send, 'click', async () => {
        send.disabled = true
        const answer = await call('EXPORT_KEY_START', {})
        send.disabled = false
        if (signal.aborted) return
        if (!answer.ok) {
          alert.textContent = errorOf(answer)
          return show()
        }
        alert.textContent = ''
        askCode(String((answer.result as { email?: unknown } | undefined)?.email ?? 'your email'))
      })
    })
}
