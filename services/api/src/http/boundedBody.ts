/**
 * Reads an upstream's answer (fetch Response) while counting its bytes: past `maxBytes` the read is
 * cancelled at once, so a server streaming an endless (chunked) body costs at most `maxBytes` of memory
 * and no more time than it takes to send them. A declared Content-Length above the cap is refused
 * before any byte is read. The time limit stays the caller's (the fetch's signal aborts the read too).
 */

export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`answer larger than ${maxBytes} bytes`)
  }
}

/** The body as UTF-8 text, reading no more than `maxBytes` (throws BodyTooLargeError past it). */
export async function readBoundedText(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get('content-length') ?? 0)
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => {})
    throw new BodyTooLargeError(maxBytes)
  }
  if (!response.body) return ''
  const reader = response.body.getReader()
  const decoder = new TextDecoder()
  let size = 0
  let text = ''
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > maxBytes) {
        await reader.cancel().catch(() => {})
        throw new BodyTooLargeError(maxBytes)
      }
      text += decoder.decode(value, { stream: true })
    }
    return text + decoder.decode()
  } finally {
    reader.releaseLock()
  }
}
