import { createServer, type Server } from 'node:http'

/** A JSON-RPC pass-through that counts the methods it forwards (single calls and batches). */
export async function startCountingProxy(target: string): Promise<{
  url: string
  count(method: string): number
  reset(): void
  close(): Promise<void>
}> {
  const counts = new Map<string, number>()
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks).toString('utf8')
    try {
      const parsed = JSON.parse(body) as { method?: string } | { method?: string }[]
      for (const call of Array.isArray(parsed) ? parsed : [parsed])
        if (typeof call.method === 'string') counts.set(call.method, (counts.get(call.method) ?? 0) + 1)
    } catch {
      // forwarded as it is; the chain answers the parse error
    }
    const upstream = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    })
    res.writeHead(upstream.status, { 'content-type': 'application/json' }).end(await upstream.text())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return {
    url: `http://127.0.0.1:${port}`,
    count: (method) => counts.get(method) ?? 0,
    reset: () => counts.clear(),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
