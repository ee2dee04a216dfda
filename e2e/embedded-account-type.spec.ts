import type { Page } from '@playwright/test'
import type { Address } from 'viem'
import { freshAccount, mintToken, publicClient, readEth } from './accountData.ts'
import { firstCodeBox, mailboxCode, walletApproval } from './authFrame.ts'
import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'
import type { StackInfo } from './stackInfo.ts'

// Accounts: none of the dev accounts. The embedded wallet's keys are made by the auth frame for a fresh
// email (its smart account on chain 31337 by default); USDC is minted from account 0, no ETH is given.
// Nothing here injects account state: the kernel records the embedded account's type from its connector.

const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@portico.test`

async function emailLogin(demo: DemoPage, stack: StackInfo, email: string): Promise<void> {
  await demo.openConnect()
  const since = Date.now()
  await demo.dialog.getByLabel('Email').fill(email)
  await demo.dialog.getByRole('button', { name: 'Continue', exact: true }).click()
  await expect(demo.page.getByRole('dialog', { name: 'Confirm Email' })).toBeVisible()
  await firstCodeBox(demo.dialog).fill(await mailboxCode(stack, email, since))
}

async function connectedAddress(demo: DemoPage): Promise<Address> {
  await expect.poll(async () => (await demo.status()).Address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  return (await demo.status()).Address as Address
}

/**
 * Account → Send → USDC chosen, 10 to a fresh address. The form reads the balances again when it shows,
 * so the USDC minted just before is offered without a reload.
 */
async function previewUsdcSend(demo: DemoPage, page: Page): Promise<void> {
  const send = page.getByRole('dialog', { name: 'Send' })
  await demo.openFeature('Send')
  await send.getByRole('button', { name: /^Token: / }).click()
  await page
    .getByRole('dialog', { name: 'Select Token' })
    .getByRole('button', { name: /^Test USD Coin/ })
    .click()
  await expect(send.getByRole('button', { name: 'Token: USDC, balance 100.000 USDC' })).toBeVisible()
  await send.getByRole('textbox', { name: 'Amount' }).fill('10')
  await send.getByRole('textbox', { name: 'Receiver address' }).fill(freshAccount().address)
  await send.getByRole('button', { name: 'Preview send' }).click()
}

test('embedded smart account with 0 ETH: Send is never short of gas (behaviour §5); after switching to the EOA it is', async ({
  page,
  stack,
}) => {
  test.setTimeout(150_000)
  const chain = stack.chains.find((c) => c.chainId === 31337)
  if (!chain) throw new Error('stack.json lacks chain 31337')
  const demo = new DemoPage(page)
  await demo.goto()

  const smart = await test.step('email login: the (undeployed) smart account, no ETH', async () => {
    await emailLogin(demo, stack, uniqueEmail('account-type'))
    await expect(demo.dialog).toBeHidden()
    const address = await connectedAddress(demo)
    expect(await publicClient(chain).getCode({ address })).toBeUndefined()
    expect(await readEth(chain, address)).toBe(0n)
    return address
  })

  await test.step('USDC but 0 ETH: Preview send opens the review, no insufficient-gas message', async () => {
    await mintToken(stack, chain, 'USDC', smart, '100')
    await previewUsdcSend(demo, page)
    await expect(page.getByRole('dialog', { name: 'Review Send' })).toBeVisible()
    await expect(page.getByText('Insufficient ETH to pay the network fee')).toHaveCount(0)
    await page.keyboard.press('Escape')
    await expect(demo.dialog).toBeHidden()
  })

  await test.step('switched to the EOA (0 ETH too): the same send is short of gas', async () => {
    await demo.openAccount()
    await demo.dialog.getByRole('button', { name: 'Switch account type' }).click()
    const view = page.getByRole('dialog', { name: 'Account Type' })
    await view.getByRole('button', { name: 'Switch to EOA (externally owned account)' }).click()
    await expect(view.getByText('Current: EOA (externally owned account)')).toBeVisible()
    await expect.poll(async () => (await demo.status()).Address).not.toBe(smart)
    const eoa = await connectedAddress(demo)
    expect(await readEth(chain, eoa)).toBe(0n)
    await view.getByRole('button', { name: 'Close' }).click()
    await expect(demo.dialog).toBeHidden()
    await mintToken(stack, chain, 'USDC', eoa, '100')
    await previewUsdcSend(demo, page)
    const send = page.getByRole('dialog', { name: 'Send' })
    await expect(
      send.getByRole('alert').filter({ hasText: 'Insufficient ETH to pay the network fee' }),
    ).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Review Send' })).toHaveCount(0)
  })
})

test('sign-in with the embedded smart account: a declined signature says the app might not support Smart Accounts', async ({
  page,
  stack,
}) => {
  test.setTimeout(90_000)
  const demo = new DemoPage(page)
  await demo.goto('?features=siwx:true')
  await emailLogin(demo, stack, uniqueEmail('account-type-siwx'))
  const signIn = page.getByRole('dialog', { name: 'Sign In' })
  await expect(signIn).toBeVisible()
  await connectedAddress(demo)
  await signIn.getByRole('button', { name: 'Sign' }).click()
  await expect(page.getByRole('dialog', { name: 'Approve Transaction' })).toBeVisible()
  await walletApproval(page).getByRole('button', { name: 'Reject' }).click()
  await expect(signIn.getByRole('alert')).toHaveText('This application might not support Smart Accounts')
})
