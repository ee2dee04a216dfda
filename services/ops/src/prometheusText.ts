/**
 * Reads the Prometheus text exposition format into samples, strictly: a line that is neither a
 * comment nor `name{labels} value` is an error, so a scrape test fails on output Prometheus rejects.
 */

export interface Sample {
  name: string
  labels: Record<string, string>
  value: number
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)(?: \d+)?$/
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)",?/gy

export function parsePrometheusText(text: string): Sample[] {
  const samples: Sample[] = []
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue
    const match = SAMPLE.exec(line)
    if (!match?.[1] || match[3] === undefined) throw new Error(`not a Prometheus sample: ${line}`)
    const labels: Record<string, string> = {}
    const body = match[2] ?? ''
    LABEL.lastIndex = 0
    let consumed = 0
    for (let m = LABEL.exec(body); m; m = LABEL.exec(body)) {
      labels[m[1] as string] = (m[2] as string).replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c))
      consumed = LABEL.lastIndex
    }
    if (consumed !== body.length) throw new Error(`malformed labels: ${line}`)
    const value = parseValue(match[3])
    if (value === undefined) throw new Error(`malformed value: ${line}`)
    samples.push({ name: match[1], labels, value })
  }
  return samples
}

/** A Go float as Prometheus reads it: Inf and NaN in any letter case (prom-client writes `Nan`). */
function parseValue(text: string): number | undefined {
  if (/^[+-]?inf$/i.test(text)) return text.startsWith('-') ? -Infinity : Infinity
  if (/^nan$/i.test(text)) return Number.NaN
  const value = Number(text)
  return text.trim() === '' || Number.isNaN(value) ? undefined : value
}

/** The samples of one metric whose labels include `labels`. */
export function samplesOf(samples: Sample[], name: string, labels: Record<string, string> = {}): Sample[] {
  return samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
}
