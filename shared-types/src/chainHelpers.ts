/**
 * Chain helpers a plugin gets from the kernel (ctx.chains.evm() / solana() / bitcoin?()), so no remote
 * bundles viem, @solana/kit or bitcoinjs-lib of its own. Each set loads once, on first use, as a kernel chunk; the
 * functions of a loaded set are synchronous.
 */

export type Hex = `0x${string}`

/**
 * What parseUnits throws: `code` says why, so a form can word it (an amount that is not a number, or
 * finer than the token allows). Match on `name` and `code`: classes do not cross the federation line.
 */
export interface UnitsError extends Error {
  name: 'UnitsError'
  code: 'invalidAmount' | 'tooManyDecimals' | 'invalidDecimals'
}

/** Amounts as integers of a token's smallest unit, exact (no floating point, never rounded). */
export interface UnitHelpers {
  /**
   * "1.5" with 6 decimals → 1500000n. Throws a UnitsError on anything but a plain non-negative decimal
   * of at most 200 characters ("12", "0.5", ".5", "5."; spaces around are ignored), on more significant
   * fraction digits than `decimals` (trailing zeros are fine), and on decimals outside 0–255.
   */
  parseUnits(value: string, decimals: number): bigint
  /** 1500000n with 6 decimals → "1.5". */
  formatUnits(value: bigint, decimals: number): string
}

/** An ABI function call, as viem's encodeFunctionData takes it. */
export interface FunctionCall {
  abi: readonly unknown[]
  functionName: string
  args?: readonly unknown[]
}

/** eip155 helpers, backed by viem. */
export interface EvmHelpers extends UnitHelpers {
  /**
   * behaviour §5: 40 hex characters after an optional 0x (surrounding spaces ignored). A mixed-case
   * address must carry a valid EIP-55 checksum; all-lower or all-upper hex is accepted as is.
   */
  isAddress(value: string): boolean
  /** The EIP-55 checksummed 0x form of an address isAddress accepts; throws otherwise. */
  getAddress(value: string): Hex
  /** ERC-20 `transfer(to, amount)` calldata; throws on a bad address or an amount outside uint256. */
  encodeErc20Transfer(to: string, amount: bigint): Hex
  /** Calldata of any ABI function call (viem encodeFunctionData); throws on args that do not fit. */
  encodeFunctionData(call: FunctionCall): Hex
  /** The standard ERC-20 ABI (viem erc20Abi), for encodeFunctionData. */
  readonly erc20Abi: readonly unknown[]
}

export interface SolanaTransferParams {
  /** Fee payer and source (the connected account), base58. */
  from: string
  to: string
  lamports: bigint
  /** A recent blockhash (see latestBlockhash). */
  blockhash: string
}

/** solana helpers, backed by @solana/kit and @solana-program/system. */
export interface SolanaHelpers extends UnitHelpers {
  /** behaviour §5: 32 to 44 base58 characters that decode to a 32-byte key (surrounding spaces ignored). */
  isAddress(value: string): boolean
  /**
   * An unsigned legacy transaction with one System Program transfer, as base64 wire bytes for
   * `solana_signAndSendTransaction`. Throws on a bad address or blockhash, or lamports outside u64.
   */
  transferTransaction(params: SolanaTransferParams): string
  /** getLatestBlockhash on the network's node (commitment confirmed). */
  latestBlockhash(rpcUrl: string): Promise<string>
  /** getBalance on the network's node, in lamports. */
  getBalance(rpcUrl: string, address: string): Promise<bigint>
  /**
   * getSignatureStatuses (with history): 'pending' until processed, then 'succeeded' or 'failed'.
   */
  signatureStatus(rpcUrl: string, signature: string): Promise<'pending' | 'succeeded' | 'failed'>
}

/** A coin of the sender's (a P2WPKH output the blockchain API lists). */
export interface BitcoinUtxo {
  txid: string
  vout: number
  /** Sats. */
  value: number
  /** The output script, hex. */
  script: string
}

/** What the visitor confirms: receiver and amount, with the fee and change the plan implies (sats). */
export interface BitcoinSendPlan {
  from: string
  to: string
  amount: bigint
  fee: bigint
  change: bigint
  inputs: { txid: string; vout: number }[]
}

/**
 * What the bitcoin PSBT helpers throw: `code` says why, so a plugin can word it (match on `name` and
 * `code`). invalidSend: bad receiver or an amount below dust; insufficient: the coins do not cover
 * amount and fee; signedMismatch: the signed PSBT spends or pays anything but the plan; unsigned: an
 * input the wallet left unsigned; badPsbt: not a PSBT; badInput: a bad fee rate, network or coin.
 */
export interface BitcoinPsbtError extends Error {
  name: 'BitcoinPsbtError'
  code: 'invalidSend' | 'insufficient' | 'signedMismatch' | 'unsigned' | 'badPsbt' | 'badInput'
}

/** bip122 helpers (backed by bitcoinjs-lib); `network` is a CAIP-2 id (mainnet, testnet, regtest). */
export interface BitcoinHelpers extends UnitHelpers {
  /** A segwit address of the network (its bech32 prefix), or a base58 P2PKH/P2SH one of it. */
  isAddress(value: string, network: string): boolean
  /** Largest coins first until amount + fee is covered; change below dust (294 sats) goes to the fee. */
  planSend(
    utxos: readonly BitcoinUtxo[],
    send: { from: string; to: string; amount: bigint; feeRate: number },
    network: string,
  ): BitcoinSendPlan
  /** The plan's unsigned PSBT (base64, witnessUtxo on every input) and the input indexes to sign. */
  buildPsbt(
    plan: BitcoinSendPlan,
    utxos: readonly BitcoinUtxo[],
    network: string,
  ): { psbt: string; signingIndexes: number[] }
  /**
   * The raw transaction hex of the wallet's signed PSBT (base64), only when it spends exactly the
   * planned coins, pays exactly the planned outputs and fee, and every input is signed.
   */
  checkedTransaction(signedPsbt: string, plan: BitcoinSendPlan, network: string): string
}

/**
 * The loaders ctx.chains offers; each resolves to the same object every time. `bitcoin` is missing
 * on kernels older than it: call it as `ctx.chains.bitcoin?.()`.
 */
export interface ChainHelperLoaders {
  evm(): Promise<EvmHelpers>
  solana(): Promise<SolanaHelpers>
  bitcoin?(): Promise<BitcoinHelpers>
}
