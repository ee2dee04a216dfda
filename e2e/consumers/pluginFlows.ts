/**
 * What a visitor does with the plugins inside a consumer app (send, swap, email login), through the
 * app's own button: 'Connect Wallet' while disconnected, 'Account' once connected. Each flow asserts
 * what the visitor sees and what the chain holds afterwards.
 */
import type { Page } from '@playwright/test'
import { type Address, parseEther } from 'viem'
import { floor3, readEth, readToken } from '../accountData.ts'
import { firstCodeBox, mailboxCode } from '../authFrame.ts'
import { expect } from '../fixtures.ts'
import type { StackChain, StackInfo } from '../stackInfo.ts'
import { continuePreview } from '../transactionPreview.ts'

const accountDialog = (page: Page) => page.getByRole('dialog', { name: 'Account' })
const toast = (page: Page) => page.getByRole('status', { name: 'Notifications' })
const tokensPanel = (page: Page) => accountDialog(page).getByRole('tabpanel', { name: 'Tokens' })

/** Opens the Account view and presses one of its wallet features (the plugin's view opens). */
async function openFeature(page: Page, feature: 'Send' | 'Swap'): Promise<void> {
  await page.getByRole('button', { name: 'Account', exact: true }).click()
  await accountDialog(page)
    .getByRole('navigation', { name: 'Wallet features' })
    .getByRole('button', { name: feature })
    .click()
}

/**
 * The send plugin: `ether` ETH to `receiver`, reviewed and signed by the connected wallet; the chain
 * credits the receiver and the Account view shows the sender's new balance.
 */
export async function sendEthWithPlugin(
  page: Page,
  chain: StackChain,
  sender: Address,
  receiver: Address,
  ether: string,
): Promise<void> {
  await openFeature(page, 'Send')
  const send = page.getByRole('dialog', { name: 'Send' })
  await expect(send.getByRole('button', { name: /^Token: ETH, balance / })).toBeVisible()
  await send.getByRole('textbox', { name: 'Amount' }).fill(ether)
  await send.getByRole('textbox', { name: 'Receiver address' }).fill(receiver)
  await send.getByRole('button', { name: 'Preview send' }).click()
  const review = page.getByRole('dialog', { name: 'Review Send' })
  await expect(review.getByRole('definition').first()).toContainText(`${ether} ETH`)
  await review.getByRole('button', { name: 'Send', exact: true }).click()
  // The kernel's preview of the transaction (the consumer app sets apiUrl): what leaves the account.
  await continuePreview(page, [`−${ether} ETH`])
  await expect(toast(page)).toContainText('Transaction started')
  await expect(accountDialog(page)).toBeVisible()
  await expect.poll(() => readEth(chain, receiver)).toBe(parseEther(ether))
  const left = await readEth(chain, sender)
  await expect(
    tokensPanel(page).getByRole('listitem', { name: new RegExp(`^Ether, ${floor3(left, 18)} ETH`) }),
  ).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(accountDialog(page)).toBeHidden()
}

/**
 * The swaps plugin: 1 ETH to USDC on the devnet's DEX, quoted by the stack's API and signed by the
 * connected wallet; the success toast names both amounts and the Account view lists the USDC received.
 */
export async function swapEthToUsdcWithPlugin(
  page: Page,
  stack: StackInfo,
  chain: StackChain,
  visitor: Address,
): Promise<void> {
  await openFeature(page, 'Swap')
  const swap = page.getByRole('dialog', { name: 'Swap' })
  await expect(swap.getByRole('textbox', { name: 'Amount to swap' })).toHaveValue('1')
  await swap.getByRole('button', { name: /^Choose the token to receive/ }).click()
  const select = page.getByRole('dialog', { name: 'Select Token' })
  await select.getByRole('textbox', { name: 'Search token' }).fill('USDC')
  await select
    .getByRole('list', { name: 'Popular tokens' })
    .getByRole('button', { name: /^USDC / })
    .click()
  await expect(swap.getByRole('textbox', { name: 'Amount to receive' })).toHaveValue(/^\d+\.\d{1,6}$/)
  await swap.getByRole('button', { name: 'Swap', exact: true }).click()
  await continuePreview(page, ['−1 ETH', 'You receive'])
  await expect(toast(page)).toContainText(/^Swapped 1\.000 ETH to [\d,]+\.\d{3} USDC$/)
  await expect(accountDialog(page)).toBeVisible()
  const usdc = await readToken(stack, chain, 'USDC', visitor)
  expect(usdc).toBeGreaterThan(0n)
  await expect(
    tokensPanel(page).getByRole('listitem', { name: new RegExp(`^Test USD Coin, ${floor3(usdc, 6)} USDC`) }),
  ).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(accountDialog(page)).toBeHidden()
}

/** Disconnects from the Account view: the modal shows the Connect view and the app's button says so. */
export async function disconnect(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Account', exact: true }).click()
  await accountDialog(page).getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Connect Wallet', exact: true })).toBeAttached()
}

/**
 * The email plugin from the app's own origin, in the open Connect view: a fresh address, the one-time
 * code from the stack's mailbox, then the modal closes on the embedded wallet's account (the app's
 * button says 'Account').
 */
export async function emailLoginWithPlugin(page: Page, stack: StackInfo): Promise<void> {
  const email = `consumer-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@portico.test`
  const sentAfter = Date.now() - 1_000
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
  const confirm = page.getByRole('dialog', { name: 'Confirm Email' })
  await expect(confirm).toBeVisible()
  await firstCodeBox(confirm).fill(await mailboxCode(stack, email, sentAfter))
  await expect(confirm).toBeHidden()
  await expect(page.getByRole('button', { name: 'Account', exact: true })).toBeVisible()
}
