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

/** Turns text into an SVG path of its QR modules; the QR library loads only when a code is drawn. */
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

async function draw(value: string): Promise<QrDrawing> {
  const { default: qrcode } = await import('qrcode-generator')
  const qr = qrcode(0, 'M')
  qr.addData(value)
  qr.make()
  const size = qr.getModuleCount()
  let path = ''
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) if (qr.isDark(row, col)) path += `M${col} ${row}h1v1h-1z`
  }
  return { size, path }
}
