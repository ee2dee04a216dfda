/**
 * The bip122 code (wallet discovery, connect, restore, balance, signing) is one lazy chunk: an app
 * pays for it only when it requests a Bitcoin network, and nothing of it sits in the eager path.
 */
let bitcoin: Promise<typeof import('./bitcoinChunk.ts')> | undefined

export const loadBitcoin = () => {
  bitcoin ??= import(/* webpackChunkName: "bitcoin" */ './bitcoinChunk.ts')
  return bitcoin
}
