/** The devnet's chains (services/devnet): the only ones the sandbox's treasury holds funds on. */
export const DEVNET_CHAIN_IDS: readonly number[] = [31337, 31338]

/** MoonPay's keys (dashboard → Developers): the publishable one goes in the URL, the secret signs it. */
export interface MoonpayConfig {
  /** pk_test_… or pk_live_… */
  apiKey: string
  /** sk_test_… or sk_live_… (same mode as apiKey). */
  secretKey: string
}

/** Which on-ramp providers the catalogue offers (the sandbox page's own settings stay in `onramp`). */
export interface OnrampProvidersConfig {
  /**
   * The sandbox providers (portico-pay, demo-ramp). They deliver from a treasury key on the devnet, so
   * they are offered on `chainIds` only, and never belong in production.
   */
  sandbox: { enabled: boolean; chainIds: number[] }
  /** The real provider; absent from the catalogue while null. */
  moonpay: MoonpayConfig | null
}

export interface OnrampProvidersInput {
  sandbox?: Partial<OnrampProvidersConfig['sandbox']>
  moonpay?: MoonpayConfig | null
}

export function resolveOnrampProviders(input: OnrampProvidersInput = {}): OnrampProvidersConfig {
  return {
    sandbox: { enabled: true, chainIds: [...DEVNET_CHAIN_IDS], ...input.sandbox },
    moonpay: input.moonpay ?? null,
  }
}
