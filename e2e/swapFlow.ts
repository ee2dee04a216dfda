/** The swap specs' steps: open Swap with the dev wallet, pick tokens, read the toast, check a received amount. */
import type { Page } from '@playwright/test'
import { parseUnits } from 'viem'
import { type FreshAccount, useDevWallet } from './accountData.ts'
import { DemoPage } from './demo.ts'
import { expect } from './fixtures.ts'
import type { StackInfo } from './stackInfo.ts'

export const toast = (page: Page) => page.getByRole('status', { name: 'Notifications' })

export const swapDialog = (page: Page) => page.getByRole('dialog', { name: 'Swap' })

/** The received amount is the quote's within the 1% slippage the swap was built with (behaviour §9). */
export function withinSlippage(units: bigint, quoted: string, decimals: number) {
  const expected = parseUnits(quoted, decimals)
  expect(units).toBeGreaterThanOrEqual((expected * 99n) / 100n)
  expect(units).toBeLessThanOrEqual((expected * 101n) / 100n)
}

/**
 * The dev wallet with `account` (and `wallet`, extra dev wallet config), the demo at `query`,
 * connected, Account → Swap.
 */
export async function openSwap(
  page: Page,
  stack: StackInfo,
  account: FreshAccount,
  query = '',
  wallet: Record<string, unknown> = {},
) {
  await useDevWallet(page.context(), stack, account, wallet)
  const demo = new DemoPage(page)
  await demo.goto(query)
  await demo.connectDevWallet()
  await demo.openAccount()
  await demo.dialog
    .getByRole('navigation', { name: 'Wallet features' })
    .getByRole('button', { name: 'Swap' })
    .click()
  return demo
}

/** Opens the token picker of `side` and chooses `symbol` among the popular tokens. */
export async function pick(page: Page, side: RegExp, symbol: string) {
  await swapDialog(page).getByRole('button', { name: side }).click()
  const select = page.getByRole('dialog', { name: 'Select Token' })
  await select.getByRole('textbox', { name: 'Search token' }).fill(symbol)
  await select
    .getByRole('list', { name: 'Popular tokens' })
    .getByRole('button', { name: new RegExp(`^${symbol} `) })
    .click()
  await expect(swapDialog(page)).toBeVisible()
}
