/**
 * A response body as text, reading at most `maxBytes` whatever the server sends or claims: a declared
 * length above the cap fails before the body is read, and a body that grows past it is cancelled mid-read
 * (a hostile or broken server cannot make the page buffer an endless answer). `tooLarge` makes the
 * caller's own error for that case.
 */
export async function boundedText(
  response: Response,
  maxBytes: number,
  tooLarge: () => Error,
): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0)
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined)
    throw tooLarge()
  }
  if (!response.body) return ''
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined)
      throw tooLarge()
    }
    chunks.push(value)
  }
  const bytes = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    bytes.set(chunk, offset)
    offset += chunk.byteLength
  }
  return new TextDecoder().decode(bytes)
}
