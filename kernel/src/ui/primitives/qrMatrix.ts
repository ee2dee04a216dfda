export interface QrDrawing {
  size: number
  path: string
}

/** The last few codes drawn (a pairing uri drawn ahead of its view, a receive address), by text. */
const MAX_DRAWN = 2
const drawing = new Map<string, Promise<QrDrawing>>()
const drawn = new Map<string, QrDrawing>()

/** The code for `value` if it is already drawn: a view mounting with it shows it in its first frame. */
export const drawnQrPath = (value: string): QrDrawing | undefined => drawn.get(value)

/** Turns text into an SVG path of its QR modules; the QR encoder loads only when a code is drawn. */
export function qrPath(value: string): Promise<QrDrawing> {
  const known = drawing.get(value)
  if (known) return known
  const job = draw(value).then(
    (result) => {
      if (drawing.get(value) === job) drawn.set(value, result)
      return result
    },
    (error: unknown) => {
      drawing.delete(value)
      throw error
    },
  )
  drawing.set(value, job)
  while (drawing.size > MAX_DRAWN) {
    const oldest = drawing.keys().next().value as string
    drawing.delete(oldest)
    drawn.delete(oldest)
  }
  return job
}

/** The QR encoder, loaded when a code is first drawn (or fetched ahead of a code about to be drawn). */
export const loadQrEncoder = () => import(/* webpackChunkName: "qr-encoder" */ 'lean-qr')

async function draw(value: string): Promise<QrDrawing> {
  const { generate, correction } = await loadQrEncoder()
  // At least level M (15 % of the code recoverable), higher when the same size has room for it.
  const code = generate(value, { minCorrectionLevel: correction.M })
  return { size: code.size, path: modulePath(code.size, (x, y) => code.get(x, y)) }
}

/**
 * An SVG path of the dark modules: one rectangle per horizontal run, a few times shorter (to build,
 * parse and paint) than one square per module.
 */
export function modulePath(size: number, isDark: (x: number, y: number) => boolean): string {
  let path = ''
  for (let row = 0; row < size; row++) {
    let col = 0
    while (col < size) {
      if (!isDark(col, row)) {
        col++
        continue
      }
      const start = col
      while (col < size && isDark(col, row)) col++
      path += `M${start} ${row}h${col - start}v1h-${col - start}z`
    }
  }
  return path
}
