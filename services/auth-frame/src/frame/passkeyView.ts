/**
 * The passkey view, inside the frame (its own origin and document). The WebAuthn ceremony runs here,
 * for the frame's origin: the browser binds the passkey to the frame's host and puts the frame's origin
 * in what the authenticator signs, so the page can neither make nor use one, and never sees an answer.
 * Only a trusted click here starts a ceremony (the browser also needs that click to show its dialog).
 */
import { startAuthentication, startRegistration } from '@simplewebauthn/browser'
import type { BackendAnswer, PasskeyViewer } from './bridge.ts'
import { button, element, onTrusted, showView } from './dom.ts'

export interface PasskeyViewOptions {
  onSize(height: number): void
  themeMode(): string | undefined
}

type Call = Parameters<PasskeyViewer>[1]

export const PASSKEY_TEXT = {
  connectTitle: 'Sign in with a passkey',
  connectNote: 'Your passkey stays on your device and is used by this wallet only, never by the site.',
  useExisting: 'Use my passkey',
  create: 'Create a new passkey',
  addTitle: 'Add a passkey',
  addNote: 'Sign in to this wallet with a passkey next time, without an email code.',
  add: 'Add a passkey',
  cancel: 'Cancel',
  cancelled: 'The passkey request was cancelled or timed out',
  unavailable: 'Passkeys are not available in this browser',
} as const

const errorOf = (answer: BackendAnswer) => (answer.ok ? '' : answer.error || 'An error occurred')

/** What the browser said, in words for the user (its own messages name internals). */
function browserError(error: unknown): string {
  const name = (error as { name?: unknown; cause?: { name?: unknown } } | null)?.name
  const cause = (error as { cause?: { name?: unknown } } | null)?.cause?.name
  if (name === 'NotAllowedError' || cause === 'NotAllowedError' || name === 'AbortError')
    return PASSKEY_TEXT.cancelled
  if (name === 'InvalidStateError' || cause === 'InvalidStateError')
    return 'This passkey is already registered'
  return PASSKEY_TEXT.unavailable
}

/** Runs one ceremony: options from the backend, the browser's dialog, the answer to the backend. */
async function ceremony(call: Call, kind: 'register' | 'login', purpose: 'signup' | 'add') {
  const start = await call(kind === 'register' ? 'PASSKEY_REGISTER_START' : 'PASSKEY_LOGIN_START', {
    purpose,
  })
  if (!start.ok) return start
  const { options } = (start.result ?? {}) as { options?: never }
  let response: unknown
  try {
    response =
      kind === 'register'
        ? await startRegistration({ optionsJSON: options as never })
        : await startAuthentication({ optionsJSON: options as never })
  } catch (error) {
    return { ok: false, error: browserError(error) } satisfies BackendAnswer
  }
  return call(kind === 'register' ? 'PASSKEY_REGISTER' : 'PASSKEY_LOGIN', { response })
}

export function createPasskeyView(options: PasskeyViewOptions): PasskeyViewer {
  return (purpose, call, signal) =>
    new Promise<BackendAnswer>((resolve) => {
      if (signal.aborted) return resolve({ ok: true, result: { connected: false, added: false } })
      const adding = purpose === 'add'
      const root = element('main', 'approval')
      root.setAttribute('aria-labelledby', 'passkey-title')
      const title = element('h1', 'title', adding ? PASSKEY_TEXT.addTitle : PASSKEY_TEXT.connectTitle)
      title.id = 'passkey-title'
      const note = element('p', 'note', adding ? PASSKEY_TEXT.addNote : PASSKEY_TEXT.connectNote)
      const alert = element('p', 'error')
      alert.setAttribute('role', 'alert')
      const actions = element('div', 'actions column')
      const cancel = button(PASSKEY_TEXT.cancel, 'reject')
      const choices = adding
        ? [{ control: button(PASSKEY_TEXT.add, 'approve'), kind: 'register' as const }]
        : [
            { control: button(PASSKEY_TEXT.useExisting, 'approve'), kind: 'login' as const },
            { control: button(PASSKEY_TEXT.create, 'secondary'), kind: 'register' as const },
          ]
      actions.append(...choices.map((choice) => choice.control), cancel)
      root.append(title, note, alert, actions)
      const show = () => showView(root, options.themeMode(), options.onSize)
      show()

      const finish = (answer: BackendAnswer) => {
        signal.removeEventListener('abort', onAbort)
        document.body.replaceChildren()
        resolve(answer)
      }
      const closed: BackendAnswer = { ok: true, result: { connected: false, added: false } }
      const onAbort = () => finish(closed)
      signal.addEventListener('abort', onAbort)
      onTrusted(cancel, 'click', () => finish(closed))

      for (const { control, kind } of choices)
        onTrusted(control, 'click', async () => {
          for (const { control: other } of choices) other.disabled = true
          const answer = await ceremony(call, kind, adding ? 'add' : 'signup')
          for (const { control: other } of choices) other.disabled = false
          if (signal.aborted) return
          if (!answer.ok) {
            alert.textContent = errorOf(answer)
            return show()
          }
          finish({
            ok: true,
            result: { connected: typeof answer.session === 'string', added: adding },
            ...(answer.session !== undefined && { session: answer.session }),
          })
        })
    })
}
