/** Turns text into an SVG path of its QR modules; the QR library loads only when a code is drawn. */
export async function qrPath(value: string): Promise<{ size: number; path: string }> {
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
