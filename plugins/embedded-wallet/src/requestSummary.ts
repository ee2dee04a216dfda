/**
 * What ApproveTransaction shows of an unsafe request (SPEC §4): the method and, per method, the
 * message, the typed data's domain and type, or each call's to, value and data size. Untrusted input:
 * every field is checked and bounded, nothing is evaluated.
 */
export interface SummaryRow {
  label: string
  value: string
}

export interface RequestSummary {
  method: string
  rows: SummaryRow[]
  /** Native amounts in wei, to be formatted with the network's decimals. */
  values: bigint[]
}

const MAX_TEXT = 2_000
const MAX_CALLS = 10

const clip = (text: string, max = MAX_TEXT) => (text.length > max ? `${text.slice(0, max)}…` : text)
const isHex = (value: unknown): value is string => typeof value === 'string' && /^0x[0-9a-fA-F]*$/.test(value)

/** personal_sign's message: UTF-8 text when the hex decodes cleanly, else the hex itself. */
export function decodeMessage(message: unknown): string {
  if (typeof message !== 'string') return ''
  if (!isHex(message) || message.length % 2 !== 0) return clip(message)
  const hex = message.slice(2, 2 + MAX_TEXT * 2)
  const bytes = new Uint8Array(hex.length / 2)
  for (let index = 0; index < bytes.length; index += 1)
    bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16)
  try {
    return clip(new TextDecoder('utf-8', { fatal: true }).decode(bytes))
  } catch {
    return clip(message)
  }
}

function quantity(value: unknown): bigint | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined
  try {
    const parsed = BigInt(value)
    return parsed >= 0n ? parsed : undefined
  } catch {
    return undefined
  }
}

function callRows(call: unknown, prefix: string, values: bigint[]): SummaryRow[] {
  const tx = (call && typeof call === 'object' ? call : {}) as Record<string, unknown>
  const rows: SummaryRow[] = []
  rows.push({
    label: `${prefix}To`,
    value: typeof tx.to === 'string' ? clip(tx.to, 64) : 'Contract creation',
  })
  const value = quantity(tx.value) ?? 0n
  values.push(value)
  rows.push({ label: `${prefix}Value`, value: `${value}` })
  if (isHex(tx.data) && tx.data.length > 2)
    rows.push({
      label: `${prefix}Data`,
      value: `${tx.data.slice(0, 10)}… (${(tx.data.length - 2) / 2} bytes)`,
    })
  return rows
}

function typedDataRows(raw: unknown): SummaryRow[] {
  let data: unknown = raw
  if (typeof raw === 'string') {
    try {
      data = JSON.parse(raw.slice(0, 100_000))
    } catch {
      return [{ label: 'Data', value: clip(raw, 500) }]
    }
  }
  const typed = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>
  const domain = (typed.domain && typeof typed.domain === 'object' ? typed.domain : {}) as Record<
    string,
    unknown
  >
  const rows: SummaryRow[] = []
  if (typeof domain.name === 'string') rows.push({ label: 'Domain', value: clip(domain.name, 100) })
  if (typeof typed.primaryType === 'string') rows.push({ label: 'Type', value: clip(typed.primaryType, 100) })
  if (typed.message !== undefined)
    rows.push({ label: 'Message', value: clip(JSON.stringify(typed.message) ?? '', 500) })
  return rows
}

export function summarize(method: string, params: unknown): RequestSummary {
  const list = Array.isArray(params) ? params : []
  const values: bigint[] = []
  let rows: SummaryRow[] = []
  if (method === 'personal_sign') rows = [{ label: 'Message', value: decodeMessage(list[0]) }]
  else if (method === 'eth_signTypedData_v4') rows = typedDataRows(list[1])
  else if (method === 'eth_sendTransaction') rows = callRows(list[0], '', values)
  else if (method === 'wallet_sendCalls') {
    const calls = (list[0] as { calls?: unknown } | undefined)?.calls
    const all = Array.isArray(calls) ? calls : []
    rows = all.slice(0, MAX_CALLS).flatMap((call, index) => callRows(call, `Call ${index + 1} `, values))
    if (all.length > MAX_CALLS) rows.push({ label: 'More calls', value: String(all.length - MAX_CALLS) })
  } else if (list.length > 0) rows = [{ label: 'Params', value: clip(JSON.stringify(list) ?? '', 500) }]
  return { method, rows, values }
}
