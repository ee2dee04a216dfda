/**
 * A chain node that lies, for the preview's hostile tests: a JSON-RPC server on a free port that answers
 * each request as the test's `answer` says (a result, a raw body, or never), and passes every request
 * `answer` leaves alone to a real node (`upstream`, an anvil) — so a transaction can really execute
 * while its simulation says something else.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** Never answered (the connection stays open until the node closes). */
export const HANG = Symbol('hang')

export interface RpcRequest {
  id: unknown
  method: string
  params: unknown[]
}

/** `result`: answered as a JSON-RPC result; `raw`: the whole HTTP body; undefined: passed upstream. */
export type NodeReply = { result: unknown } | { raw: string } | typeof HANG | undefined

export interface LyingNode {
  url: string
  /** Methods asked so far, in order. */
  asked: string[]
  close(): Promise<void>
}

export async function startLyingNode(options: {
  answer(request: RpcRequest): NodeReply
  upstream?: string
}): Promise<LyingNode> {
  const asked: string[] = []
  const forward = async (request: RpcRequest) => {
    if (!options.upstream) return { jsonrpc: '2.0', id: request.id, error: { code: -32601, message: 'no' } }
    const response = await fetch(options.upstream, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', ...request }),
    })
    return response.json()
  }
  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    let raw = ''
    for await (const chunk of req) raw += String(chunk)
    const parsed = JSON.parse(raw) as RpcRequest | RpcRequest[]
    const requests = Array.isArray(parsed) ? parsed : [parsed]
    const replies = requests.map((request) => {
      asked.push(request.method)
      return options.answer(request)
    })
    if (replies.includes(HANG)) return
    const raws = replies.filter(
      (reply): reply is { raw: string } => !!reply && reply !== HANG && 'raw' in reply,
    )
    if (raws[0]) {
      res.writeHead(200, { 'content-type': 'application/json' })
      return res.end(raws[0].raw)
    }
    const answers = await Promise.all(
      requests.map((request, index) => {
        const reply = replies[index]
        return reply && reply !== HANG && 'result' in reply
          ? { jsonrpc: '2.0', id: request.id, result: reply.result }
          : forward(request)
      }),
    )
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify(Array.isArray(parsed) ? answers : answers[0]))
  }
  const server = createServer((req, res) => {
    serve(req, res).catch(() => res.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    close: async () => {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    },
  }
}

/** eth_simulateV1's answer for `count` calls that all succeed and change nothing. */
export const nothingHappens = (count: number) => ({
  result: [
    {
      calls: Array.from({ length: count }, () => ({
        status: '0x1',
        gasUsed: '0x5208',
        returnData: '0x',
        logs: [],
      })),
    },
  ],
})

/** The number of calls an eth_simulateV1 request simulates. */
export const simulatedCallCount = (request: RpcRequest) =>
  ((request.params[0] as { blockStateCalls?: { calls?: unknown[] }[] })?.blockStateCalls?.[0]?.calls ?? [])
    .length
