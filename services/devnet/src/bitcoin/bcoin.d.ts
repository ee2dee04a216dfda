/** The small part of bcoin 1.0.2 (untyped, CommonJS) the devnet uses. */
declare module 'bcoin' {
  interface Coin {
    value: number
    height: number
    hash: Buffer
    index: number
  }
  interface KeyRingInstance {
    witness: boolean
    getAddress(enc: 'string', network: string): string
  }
  interface MTXInstance {
    addOutput(addressOrScript: unknown, value: number): void
    fund(
      coins: Coin[],
      options: { rate: number; changeAddress: string; subtractFee?: boolean },
    ): Promise<void>
    sign(ring: KeyRingInstance): number
    toTX(): { hash(enc: 'hex'): string; txid(): string }
  }
  interface FullNodeInstance {
    open(): Promise<void>
    close(): Promise<void>
    connect(): Promise<void>
    chain: { height: number; tip: { height: number } }
    mempool: { map: { size: number }; addTX(tx: unknown): Promise<unknown[] | null> }
    rpc: { generateToAddress(args: [number, string]): Promise<string[]> }
    getCoinsByAddress(addrs: string[]): Promise<Coin[]>
    sendTX(tx: unknown): Promise<void>
    http: { address(): { port: number } | null }
  }
  const bcoin: {
    FullNode: new (options: Record<string, unknown>) => FullNodeInstance
    KeyRing: { fromPrivate(key: Buffer, compress?: boolean): KeyRingInstance }
    MTX: new () => MTXInstance
    Script: { fromRaw(raw: Buffer): unknown }
  }
  export default bcoin
}
