export type WalletEvent = 'accountsChanged' | 'chainChanged' | 'connect' | 'disconnect' | 'message'
type Listener = (...args: never[]) => void

/** The EIP-1193 event surface: on / removeListener (plus once / off aliases dapps commonly call). */
export class Emitter {
  readonly #listeners = new Map<string, Set<Listener>>()

  on(event: WalletEvent | string, listener: Listener): this {
    const set = this.#listeners.get(event) ?? new Set()
    set.add(listener)
    this.#listeners.set(event, set)
    return this
  }

  once(event: WalletEvent | string, listener: Listener): this {
    const wrapped = ((...args: never[]) => {
      this.removeListener(event, wrapped)
      listener(...args)
    }) as Listener
    return this.on(event, wrapped)
  }

  removeListener(event: WalletEvent | string, listener: Listener): this {
    this.#listeners.get(event)?.delete(listener)
    return this
  }

  off(event: WalletEvent | string, listener: Listener): this {
    return this.removeListener(event, listener)
  }

  protected emit(event: WalletEvent, ...args: unknown[]): void {
    for (const listener of [...(this.#listeners.get(event) ?? [])]) {
      try {
        ;(listener as (...a: unknown[]) => void)(...args)
      } catch (err) {
        // a dapp's listener throwing must not break the wallet or other listeners
        console.error('[portico dev wallet] event listener failed', err)
      }
    }
  }
}
