/**
 * bip122 networks and addresses for the bitcoin helpers: bitcoinjs-lib parameters by CAIP-2 id, and
 * the output script of an address of the network (segwit through the kernel's own bech32 decoder,
 * base58 P2PKH/P2SH through bitcoinjs-lib).
 */
import { type Network as BitcoinNetwork, address as bitcoinAddress, networks } from 'bitcoinjs-lib'
import { decodeSegwitAddress } from '../bitcoin.ts'
import { BECH32_PREFIXES, BITCOIN_WALLET_CHAINS } from '../bitcoinChains.ts'

/** bitcoinjs-lib parameters by CAIP-2 network (regtest: bcoin's `rb` prefix, the devnet's node). */
const PARAMS: Readonly<Record<string, BitcoinNetwork>> = {
  [BITCOIN_WALLET_CHAINS['bitcoin:mainnet'] as string]: networks.bitcoin,
  [BITCOIN_WALLET_CHAINS['bitcoin:testnet'] as string]: networks.testnet,
  [BITCOIN_WALLET_CHAINS['bitcoin:regtest'] as string]: {
    ...networks.regtest,
    bech32: BECH32_PREFIXES[BITCOIN_WALLET_CHAINS['bitcoin:regtest'] as string] as string,
  },
}

export const bitcoinParams = (network: string): BitcoinNetwork | undefined =>
  Object.hasOwn(PARAMS, network) ? PARAMS[network] : undefined

/** The output script `value` pays to on `network`; null when it is no address of that network. */
export function outputScript(value: unknown, network: string): Uint8Array | null {
  const params = bitcoinParams(network)
  if (!params || typeof value !== 'string' || value.length > 90) return null
  const text = value.trim()
  const segwit = decodeSegwitAddress(text)
  if (segwit) {
    if (segwit.prefix !== params.bech32) return null
    // OP_0 or OP_1…OP_16, then a push of the witness program.
    return Uint8Array.from([
      segwit.version === 0 ? 0 : 0x50 + segwit.version,
      segwit.program.length,
      ...segwit.program,
    ])
  }
  try {
    const { version } = bitcoinAddress.fromBase58Check(text)
    if (version !== params.pubKeyHash && version !== params.scriptHash) return null
    return bitcoinAddress.toOutputScript(text, params)
  } catch {
    return null
  }
}

export const isAddress = (value: string, network: string): boolean => outputScript(value, network) !== null
