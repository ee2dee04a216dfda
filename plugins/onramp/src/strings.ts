/** Strings of the on-ramp plugin, English. */
export const strings = {
  buy: 'Buy',
  title: 'Buy crypto',
  notConnected: 'Connect a wallet to buy crypto',
  evmOnly: 'Buying is available for EVM accounts only',
  unavailable: 'Buying is unavailable',
  unavailableDescription: 'This app has no blockchain API configured.',
  restricted: 'Buying crypto is not available in your region',
  loadingOptions: 'Loading purchase options',
  sampleOptions: 'Showing sample options: the on-ramp service could not be reached.',
  notOnNetwork: 'Nothing can be bought on {network} yet.',
  noProvider: 'No provider sells crypto on {network} yet.',
  token: 'Token',
  currency: 'Currency',
  paymentMethod: 'Payment method',
  amount: 'Amount',
  amountRange: 'Enter an amount between {min} and {max} {currency}',
  quotes: 'Quotes',
  loadingQuotes: 'Getting quotes',
  youGet: 'You get {amount} {symbol}',
  fees: 'Fees {fees} {currency}',
  placeholderQuote: 'Quote unavailable: the provider shows the final amount',
  buyWith: 'Buy with {provider}',
  continueWith: 'Continue with {provider}',
  noQuote: '{provider} shows the price and fees on its own page',
  opening: 'Opening {provider}',
  continueIn: 'Complete the payment in the {provider} window. The tokens arrive at {address}.',
  blockedUrl: 'The provider page address was refused: {reason}',
  urlFailed: 'The provider page could not be opened. Try again.',
  popupBlocked: 'Allow pop-ups for this site to open the provider page.',
  purchases: 'Your purchases',
  refreshPurchases: 'Refresh purchases',
  noPurchases: 'No purchases yet',
  purchasesFailed: 'Purchases could not be loaded',
  bought: 'Bought {amount} {symbol} with {provider}',
  methods: { card: 'Card', ach_bank_account: 'Bank account (ACH)' } as Record<string, string>,
} as const

export function fill(template: string, vars: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (match, name: string) =>
    Object.hasOwn(vars, name) ? (vars[name] ?? match) : match,
  )
}
