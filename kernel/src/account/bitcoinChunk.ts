/** Everything of the lazy bitcoin chunk (bitcoinLoader.ts), one import. */

export { startBitcoinDiscovery } from '../connectors/bitcoinDiscovery.ts'
export {
  connectBitcoin,
  disconnectBitcoinWallet,
  endBitcoinSession,
  readBitcoinBalance,
  restoreBitcoin,
  signBitcoinMessage,
} from './bitcoinSession.ts'
