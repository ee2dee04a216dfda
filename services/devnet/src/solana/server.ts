import { createServer, type Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { urlHost } from '../anvil.ts'
import { SOLANA_DEV_ACCOUNTS, type SolanaDevAccount } from './accounts.ts'
import { SolanaChain } from './chain.ts'
import { createOriginPolicy, originsFromEnv } from './cors.ts'
import { jsonRpcRequestHandler } from './http.ts'
import { solanaRpcMethods } from './methods.ts'
import { SOLANA_GENESIS_HASH, SOLANA_NETWORK_ID } from './network.ts'
import { createSubscriptionServer } from './subscriptions.ts'

export interface SolanaRpcOptions {
  host?: string
  /** HTTP JSON-RPC port; 0 picks a free one (with a free port after it for WebSocket). Default 8899. */
  port?: number
  /** WebSocket PubSub port; default port + 1, where web3.js's Connection looks for it. */
  wsPort?: number
  /**
   * Origins of the pages that may call the node from a browser (HTTP and WebSocket); requests
   * without an Origin header (not a page) always may. Default PORTICO_SOLANA_CORS_ORIGINS, else none.
   */
  allowedOrigins?: string[]
}

export interface SolanaRpc {
  rpcUrl: string
  /** Subscriptions; the HTTP port also accepts WebSocket upgrades. */
  wsUrl: string
  port: number
  wsPort: number
  networkId: typeof SOLANA_NETWORK_ID
  genesisHash: string
  accounts: readonly SolanaDevAccount[]
  /** The bank itself, for tests and fixtures (balances, statuses) without going through HTTP. */
  chain: SolanaChain
  /** Lets pages of these origins call the node too (the stack adds its demo once it listens). */
  allowOrigins(origins: readonly string[]): void
  stop(): Promise<void>
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (err: Error) => reject(err)
    server.once('error', onError)
    server.listen(port, host, () => {
      server.off('error', onError)
      const address = server.address()
      resolve(typeof address === 'object' && address !== null ? address.port : port)
    })
  })
}

function close(server: Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve()
    server.close(() => resolve())
    server.closeAllConnections()
  })
}

const isAddressInUse = (err: unknown) => (err as NodeJS.ErrnoException)?.code === 'EADDRINUSE'

/** A Solana JSON-RPC node on litesvm with the dev accounts funded. See README "Solana". */
export async function startSolanaRpc(opts: SolanaRpcOptions = {}): Promise<SolanaRpc> {
  const host = opts.host ?? '127.0.0.1'
  const requestedPort = opts.port ?? 8899
  const chain = new SolanaChain()
  const origins = createOriginPolicy(opts.allowedOrigins ?? originsFromEnv())
  const wss = createSubscriptionServer(chain)
  const upgrade = (req: Parameters<typeof wss.handleUpgrade>[0], socket: Duplex, head: Buffer) => {
    // Browsers send Origin on WebSocket handshakes and apply no CORS to them: check it here.
    if (!origins.allows(req.headers.origin)) {
      socket.end(
        'HTTP/1.1 403 Forbidden\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\nOrigin not allowed',
      )
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req))
  }
  const http = createServer(jsonRpcRequestHandler(solanaRpcMethods(chain), origins))
  const ws = createServer((_req, res) =>
    res.writeHead(426, { 'content-type': 'text/plain' }).end('WebSocket only'),
  )
  for (const server of [http, ws]) server.on('upgrade', upgrade)
  // The API reads balances here through undici's pool: with Node's 5 s default the node closes idle
  // sockets that a busy API process still holds as free, and its next call reads "other side closed".
  http.keepAliveTimeout = 65_000

  const describe = (p: number) => `Solana RPC (${host}:${p})`
  let port = 0
  let wsPort = 0
  for (let attempt = 0; ; attempt++) {
    try {
      port = await listen(http, requestedPort, host)
    } catch (err) {
      throw new Error(`${describe(requestedPort)} could not listen: ${(err as Error).message}`, {
        cause: err,
      })
    }
    wsPort = opts.wsPort ?? port + 1
    try {
      wsPort = await listen(ws, wsPort, host)
      break
    } catch (err) {
      await close(http)
      // A free port was picked for us but the next one is taken: pick another pair.
      if (requestedPort === 0 && opts.wsPort === undefined && isAddressInUse(err) && attempt < 20) continue
      throw new Error(
        `${describe(port)} could not listen for WebSocket on port ${wsPort}: ${(err as Error).message}`,
        {
          cause: err,
        },
      )
    }
  }

  let stopping: Promise<void> | undefined
  return {
    rpcUrl: `http://${urlHost(host)}:${port}`,
    wsUrl: `ws://${urlHost(host)}:${wsPort}`,
    port,
    wsPort,
    networkId: SOLANA_NETWORK_ID,
    genesisHash: SOLANA_GENESIS_HASH,
    accounts: SOLANA_DEV_ACCOUNTS,
    chain,
    allowOrigins: (list) => origins.add(list),
    stop: () => {
      stopping ??= (async () => {
        // Code 1000 tells web3.js's socket not to reconnect; stragglers are cut after a grace period.
        const closed = [...wss.clients].map((client) => {
          client.close(1000, 'Solana RPC stopped')
          return new Promise<void>((resolve) => client.once('close', () => resolve()))
        })
        await Promise.race([Promise.all(closed), new Promise((resolve) => setTimeout(resolve, 500))])
        for (const client of wss.clients) client.terminate()
        await new Promise<void>((resolve) => wss.close(() => resolve()))
        await Promise.all([close(http), close(ws)])
      })()
      return stopping
    },
  }
}
