import { createHmac } from 'node:crypto'
import type { MoonpayConfig } from './config.ts'

/** MoonPay's hosted buy widget: live keys open production, test keys its sandbox (MoonPay's URL integration docs). */
export const MOONPAY_LIVE_WIDGET = 'https://buy.moonpay.com/'
export const MOONPAY_SANDBOX_WIDGET = 'https://buy-sandbox.moonpay.com/'

/** What the visitor's purchase pre-fills; MoonPay requires a signature once walletAddress is given. */
export interface MoonpayWidgetParams {
  currencyCode: string
  walletAddress: string
  baseCurrencyCode?: string
  baseCurrencyAmount?: string
  externalCustomerId?: string
}

export class MoonpayUrlError extends Error {}

/*
 * Every value is checked against what MoonPay accepts before it is encoded: encoding alone would turn
 * "0xabc&currencyCode=btc" into one harmless value, but a value we would never send is a caller bug or
 * an attack, and it is refused rather than signed.
 */
const RULES: Record<keyof MoonpayWidgetParams | 'apiKey', RegExp> = {
  apiKey: /^pk_(test|live)_[A-Za-z0-9_-]{1,200}$/,
  currencyCode: /^[a-z0-9]{1,16}(_[a-z0-9]{1,16})?$/,
  walletAddress: /^0x[0-9a-fA-F]{40}$/,
  baseCurrencyCode: /^[a-z]{3}$/,
  baseCurrencyAmount: /^\d{1,9}(\.\d{1,2})?$/,
  externalCustomerId: /^[A-Za-z0-9._:-]{1,128}$/,
}
const ORDER = [
  'apiKey',
  'currencyCode',
  'walletAddress',
  'baseCurrencyCode',
  'baseCurrencyAmount',
  'externalCustomerId',
] as const

/**
 * MoonPay's URL signature: base64 of HMAC-SHA256 keyed with the secret key over the query string as
 * sent, leading "?" included, values already URL-encoded; it goes last, as `signature`.
 */
export function signMoonpayQuery(secretKey: string, query: string): string {
  return createHmac('sha256', secretKey).update(query).digest('base64')
}

/** The signed widget URL; throws MoonpayUrlError naming the first value MoonPay would not accept. */
export function moonpayWidgetUrl(keys: MoonpayConfig, params: MoonpayWidgetParams): string {
  const values: Record<string, string | undefined> = { apiKey: keys.apiKey, ...params }
  const pairs: string[] = []
  for (const name of ORDER) {
    const value = values[name]
    if (value === undefined) continue
    if (typeof value !== 'string' || !RULES[name].test(value))
      throw new MoonpayUrlError(`MoonPay ${name} is not in the accepted form`)
    pairs.push(`${name}=${encodeURIComponent(value)}`)
  }
  if (values.currencyCode === undefined || values.walletAddress === undefined)
    throw new MoonpayUrlError('MoonPay needs currencyCode and walletAddress')
  const query = `?${pairs.join('&')}`
  const base = keys.apiKey.startsWith('pk_live_') ? MOONPAY_LIVE_WIDGET : MOONPAY_SANDBOX_WIDGET
  return `${base}${query}&signature=${encodeURIComponent(signMoonpayQuery(keys.secretKey, query))}`
}
