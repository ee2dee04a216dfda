import type {
  ConnectMethodPreview,
  ConnectMethodPreviewButton,
  ConnectMethodPreviewPopup,
  PluginLoadOn,
} from '@portico/shared-types/plugin'

/**
 * The optional `portico.preview` and `portico.loadOn` of a remote's manifest, parsed as hostile input:
 * a malformed preview is dropped (the method is then painted when its code has loaded), never thrown,
 * so a cosmetic field cannot refuse an otherwise sound remote.
 */
const MAX_BUTTONS = 16
const LABEL = /^[^<>\p{Cc}]{1,80}$/u
const OPTION = /^[a-z0-9_-]{1,32}$/
/** No leading underscore: `_blank`, `_self`, `_parent` and `_top` name other browsing contexts. */
const WINDOW_NAME = /^[a-z0-9][a-z0-9-]{0,31}$/
/** SVG path commands and numbers only: a mark lands in a `d` attribute and can carry nothing else. */
const MARK = /^[MmLlHhVvCcSsQqTtAaZz0-9.,\s-]{1,2000}$/
const METHODS = new Set(['email', 'social'])
const LOAD_ON = new Set<PluginLoadOn>(['open', 'intent', 'idle', 'connect'])

const POPUP_SIDE = { min: 200, max: 2000 }

const label = (value: unknown): string | undefined =>
  typeof value === 'string' && LABEL.test(value) ? value : undefined

const side = (value: unknown): value is number =>
  Number.isInteger(value) && (value as number) >= POPUP_SIDE.min && (value as number) <= POPUP_SIDE.max

/** A window name that cannot name another context (`_blank`, `_top`…) and sizes a screen can hold. */
function popup(value: unknown): ConnectMethodPreviewPopup | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const { name, width, height } = value as Record<string, unknown>
  if (typeof name !== 'string' || !WINDOW_NAME.test(name) || !side(width) || !side(height)) return undefined
  return { name, width, height }
}

function button(value: unknown): ConnectMethodPreviewButton | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const fields = value as Record<string, unknown>
  const text = label(fields.label)
  if (!text) return undefined
  const option = typeof fields.option === 'string' && OPTION.test(fields.option) ? fields.option : undefined
  const window_ = popup(fields.popup)
  const mark = typeof fields.mark === 'string' && MARK.test(fields.mark) ? fields.mark : undefined
  return {
    label: text,
    ...(fields.primary === true ? { primary: true } : {}),
    ...(fields.needsField === true ? { needsField: true } : {}),
    ...(option ? { option } : {}),
    ...(fields.last === true ? { last: true } : {}),
    ...(window_ ? { popup: window_ } : {}),
    ...(mark ? { mark } : {}),
  }
}

export function parsePreview(value: unknown): ConnectMethodPreview | undefined {
  if (typeof value !== 'object' || value === null) return undefined
  const fields = value as Record<string, unknown>
  if (typeof fields.method !== 'string' || !METHODS.has(fields.method)) return undefined
  if (!Array.isArray(fields.buttons) || fields.buttons.length > MAX_BUTTONS) return undefined
  const buttons = fields.buttons.map(button)
  if (buttons.some((entry) => entry === undefined)) return undefined
  const sectionLabel = label(fields.label)
  let field: ConnectMethodPreview['field']
  if (fields.field !== undefined) {
    const raw = fields.field as Record<string, unknown> | null
    const fieldLabel = label(raw?.label)
    if (!fieldLabel) return undefined
    const placeholder = label(raw?.placeholder)
    field = {
      label: fieldLabel,
      ...(placeholder ? { placeholder } : {}),
      ...(raw?.type === 'email' || raw?.type === 'text' ? { type: raw.type } : {}),
    }
  }
  return {
    method: fields.method as ConnectMethodPreview['method'],
    ...(sectionLabel ? { label: sectionLabel } : {}),
    ...(field ? { field } : {}),
    ...(fields.layout === 'marks' ? { layout: 'marks' as const } : {}),
    buttons: buttons as ConnectMethodPreviewButton[],
  }
}

export const parseLoadOn = (value: unknown): PluginLoadOn | undefined =>
  LOAD_ON.has(value as PluginLoadOn) ? (value as PluginLoadOn) : undefined
