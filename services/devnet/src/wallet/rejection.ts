/** Methods a real wallet asks its user to approve: the ones `rejectNext` applies to. */
export const APPROVAL_METHODS: ReadonlySet<string> = new Set([
  'eth_requestAccounts',
  'wallet_requestPermissions',
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'standard:connect',
  'solana:signMessage',
  'solana:signTransaction',
  'solana:signAndSendTransaction',
])

export interface RejectionConfig {
  /** Methods answered with 4001 every time, while listed. */
  autoReject?: readonly string[]
  /** Reject the next approval request once, then reset to false. */
  rejectNext?: boolean
}

/**
 * Reads the config on every request, so a test can change it at runtime (e.g. with page.evaluate)
 * without reloading the wallet.
 */
export function rejectionPolicy(getConfig: () => RejectionConfig | undefined): (method: string) => boolean {
  return (method) => {
    const config = getConfig()
    if (!config) return false
    if (Array.isArray(config.autoReject) && config.autoReject.includes(method)) return true
    if (config.rejectNext && APPROVAL_METHODS.has(method)) {
      config.rejectNext = false
      return true
    }
    return false
  }
}
