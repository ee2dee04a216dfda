import { ApiError, badRequest } from '../http/errors.ts'
import type { AssetId } from './catalogue.ts'
import { formatCents, METHOD_LIMITS, PAYMENT_CURRENCIES } from './catalogue.ts'
import type { MoonpayConfig } from './config.ts'
import { MoonpayUrlError, moonpayWidgetUrl } from './moonpayUrl.ts'
import type { OnrampProvider } from './provider.ts'

/**
 * MoonPay's currency code for each asset per chain: its codes name the network after the token
 * (eth_base is ETH on Base). Only these are offered; check them against the currencies enabled in
 * your MoonPay dashboard before adding a chain.
 */
export const MOONPAY_CURRENCY_CODES: Readonly<Record<number, Partial<Record<AssetId, string>>>> = {
  1: { eth: 'eth', usdc: 'usdc' },
  10: { eth: 'eth_optimism', usdc: 'usdc_optimism' },
  8453: { eth: 'eth_base', usdc: 'usdc_base' },
  42161: { eth: 'eth_arbitrum', usdc: 'usdc_arbitrum' },
}

/**
 * MoonPay through its hosted widget: it prices, takes the payment, runs KYC and delivers, so this API
 * gives no quote (the kernel shows its placeholder) and keeps no order; it signs the widget URL that
 * pre-fills the wallet, token and amount. The widget runs on the networks above when the API serves them.
 */
export function moonpayProvider(keys: MoonpayConfig): OnrampProvider {
  return {
    id: 'moonpay',
    name: 'MoonPay',
    quotes: false,
    currencies: PAYMENT_CURRENCIES,
    serves: (asset) => MOONPAY_CURRENCY_CODES[asset.chainId]?.[asset.asset] !== undefined,
    quote: async () => {
      throw new ApiError(422, 'MoonPay shows its price on its own page: no quote is given here')
    },
    pageUrl: async (req) => {
      const currencyCode = MOONPAY_CURRENCY_CODES[req.asset.chainId]?.[req.asset.asset]
      if (!currencyCode)
        throw badRequest(`MoonPay does not sell ${req.asset.symbol} on eip155:${req.asset.chainId}`)
      const limits = METHOD_LIMITS[req.method]
      if (req.totalCents < limits.min || req.totalCents > limits.max)
        throw badRequest(
          `amount must be between ${formatCents(limits.min)} and ${formatCents(limits.max)} ${req.currency} for ${req.method}`,
        )
      try {
        return moonpayWidgetUrl(keys, {
          currencyCode,
          walletAddress: req.address,
          baseCurrencyCode: req.currency.toLowerCase(),
          baseCurrencyAmount: formatCents(req.totalCents),
          externalCustomerId: req.partnerUserId,
        })
      } catch (err) {
        if (err instanceof MoonpayUrlError) throw badRequest(err.message)
        throw err
      }
    },
  }
}
