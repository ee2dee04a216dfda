import type { Kernel } from '../../kernel.ts'

/** A scripted wallet: the account it answers and the listeners of its account changes. */
export interface ExampleWallet {
  name: string
  address: string
  chainId: number
  /** Whether it still authorizes the site (a silent restore answers nothing otherwise). */
  authorized: boolean
  listeners: Set<(address: string | undefined) => void>
  disconnects: number
}

const walletsByKernel = new WeakMap<Kernel, ExampleWallet[]>()

/** The example wallets a modal sees (a test puts them there). */
export const exampleWallets = (kernel: Kernel): ExampleWallet[] => {
  let wallets = walletsByKernel.get(kernel)
  if (!wallets) {
    wallets = []
    walletsByKernel.set(kernel, wallets)
  }
  return wallets
}

export const exampleWallet = (kernel: Kernel, connectorId: string): ExampleWallet | undefined =>
  exampleWallets(kernel).find((wallet) => connectorId === `example:${wallet.name}`)
