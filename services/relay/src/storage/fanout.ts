import type { FanOut, StoredMessage } from './types.ts'

/** Fan-out within one relay process: every listener gets each published message at once. */
export class LocalFanOut implements FanOut {
  private readonly listeners = new Set<(message: StoredMessage) => void>()

  publish(message: StoredMessage): void {
    for (const listener of this.listeners) listener(message)
  }

  onMessage(listener: (message: StoredMessage) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  async close(): Promise<void> {
    this.listeners.clear()
  }
}
