import { createServer } from 'node:net'

/** Resolves true if nothing listens on host:port (we could bind it ourselves). */
export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, host, () => server.close(() => resolve(true)))
  })
}

/** Holds a free port until released, to provoke "port taken". */
export function holdPort(host = '127.0.0.1'): Promise<{ port: number; release(): Promise<void> }> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, host, () => {
      const address = server.address()
      if (address === null || typeof address === 'string') return reject(new Error('no port'))
      resolve({ port: address.port, release: () => new Promise((r) => server.close(() => r())) })
    })
  })
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
