import type { Page } from '@playwright/test'
import { type Address, parseEther, parseUnits } from 'viem'
import {
  type FreshAccount,
  floor3,
  freshAccount,
  mintToken,
  readEth,
  readNonce,
  readToken,
  setEth,
  useDevWallet,
} from './accountData.ts'
import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'
import { continuePreview } from './transactionPreview.ts'

// Accounts: fresh ones generated per test (ETH by anvil_setBalance, USDC minted from account 0), so no
// dev account index of another spec is touched and every test starts from known balances.

async function openSend(page: Page, stack: import('./stackInfo.ts').StackInfo, account: FreshAccount) {
  await useDevWallet(page.context(), stack, account)
  const demo = new DemoPage(page)
  await demo.goto()
  await demo.connectDevWallet()
  await demo.openAccount()
  await demo.dialog
    .getByRole('navigation', { name: 'Wallet features' })
    .getByRole('button', { name: 'Send' })
    .click()
  const send = page.getByRole('dialog', { name: 'Send' })
  await expect(send.getByRole('textbox', { name: 'Amount' })).toBeVisible()
  return { demo, send }
}

async function chooseToken(page: Page, name: string) {
  await page
    .getByRole('dialog', { name: 'Send' })
    .getByRole('button', { name: /^Token: / })
    .click()
  await page
    .getByRole('dialog', { name: 'Select Token' })
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .click()
}

const toast = (page: Page) => page.getByRole('status', { name: 'Notifications' })

test('send ETH: review, the wallet signs, back to Account, both balances and Activity follow', async ({
  page,
  stack,
}) => {
  const chain = stack.chains[0]
  if (!chain) throw new Error('stack.json lacks chains')
  const sender = freshAccount()
  const receiver = freshAccount().address
  await setEth(chain, sender.address, parseEther('10'))
  const { demo, send } = await openSend(page, stack, sender)

  await expect(send.getByRole('button', { name: 'Token: ETH, balance 10.000 ETH' })).toBeVisible()
  await send.getByRole('textbox', { name: 'Amount' }).fill('1.25')
  await send.getByRole('textbox', { name: 'Receiver address' }).fill(receiver)
  await send.getByRole('button', { name: 'Preview send' }).click()

  const review = page.getByRole('dialog', { name: 'Review Send' })
  await expect(review.getByRole('definition')).toContainText(['1.25 ETH', receiver, chain.name, /^≈ \$/])
  await review.getByRole('button', { name: 'Send', exact: true }).click()
  await continuePreview(page, ['−1.25 ETH'])
  await expect(toast(page)).toContainText('Transaction started')
  await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()

  await expect.poll(() => readEth(chain, receiver)).toBe(parseEther('1.25'))
  const left = await readEth(chain, sender.address)
  expect(left).toBeLessThan(parseEther('8.75'))
  await expect(demo.dialog.getByRole('paragraph')).toContainText([`${floor3(left, 18)} ETH`])
  await expect(
    demo.dialog
      .getByRole('tabpanel', { name: 'Tokens' })
      .getByRole('listitem', { name: new RegExp(`^Ether, ${floor3(left, 18)} ETH`) }),
  ).toBeVisible()

  // Activity comes from the API's indexer (it polls the chain): look until the transfer is there.
  await demo.dialog.getByRole('tab', { name: 'Activity' }).click()
  const activity = demo.dialog.getByRole('tabpanel', { name: 'Activity' })
  await expect(async () => {
    await demo.dialog.getByRole('tab', { name: 'Tokens' }).click()
    await demo.dialog.getByRole('tab', { name: 'Activity' }).click()
    await expect(activity.getByRole('listitem', { name: /^Sent, -1\.250 ETH, \d+ sec ago$/ })).toBeVisible({
      timeout: 2_000,
    })
  }).toPass({ timeout: 20_000 })
})

test('send 6-decimals USDC: the ERC-20 transfer lands and both accounts show it', async ({ page, stack }) => {
  test.setTimeout(60_000)
  const chain = stack.chains[0]
  if (!chain) throw new Error('stack.json lacks chains')
  const sender = freshAccount()
  const receiver = freshAccount()
  await setEth(chain, sender.address, parseEther('1'))
  await mintToken(stack, chain, 'USDC', sender.address, '500')
  const { demo, send } = await openSend(page, stack, sender)

  await chooseToken(page, 'Test USD Coin')
  await expect(send.getByRole('button', { name: 'Token: USDC, balance 500.000 USDC' })).toBeVisible()
  await send.getByRole('textbox', { name: 'Amount' }).fill('12.345678')
  await expect(send.getByText('≈ $12.35')).toBeVisible()
  await send.getByRole('textbox', { name: 'Receiver address' }).fill(receiver.address)
  await send.getByRole('button', { name: 'Preview send' }).click()
  const review = page.getByRole('dialog', { name: 'Review Send' })
  await expect(review.getByRole('definition').first()).toHaveText('12.345678 USDC (≈ $12.35)')
  await review.getByRole('button', { name: 'Send', exact: true }).click()
  await continuePreview(page, ['−12.345678 USDC'])
  await expect(toast(page)).toContainText('Transaction started')

  await expect.poll(() => readToken(stack, chain, 'USDC', receiver.address)).toBe(parseUnits('12.345678', 6))
  expect(await readToken(stack, chain, 'USDC', sender.address)).toBe(parseUnits('487.654322', 6))
  const tokens = demo.dialog.getByRole('tabpanel', { name: 'Tokens' })
  await expect(tokens.getByRole('listitem', { name: 'Test USD Coin, 487.654 USDC, $487.65' })).toBeVisible()

  await demo.dialog.getByRole('tab', { name: 'Activity' }).click()
  const activity = demo.dialog.getByRole('tabpanel', { name: 'Activity' })
  await expect(async () => {
    await demo.dialog.getByRole('tab', { name: 'Tokens' }).click()
    await demo.dialog.getByRole('tab', { name: 'Activity' }).click()
    await expect(activity.getByRole('listitem', { name: /^Sent, -12\.345 USDC, / })).toBeVisible({
      timeout: 2_000,
    })
  }).toPass({ timeout: 20_000 })

  await test.step('the receiver sees it in its own Activity and Tokens', async () => {
    const other = await page.context().browser()?.newContext({ baseURL: stack.demoUrl })
    if (!other) throw new Error('no browser')
    try {
      const page2 = await other.newPage()
      await useDevWallet(other, stack, receiver)
      await setEth(chain, receiver.address, parseEther('1'))
      const demo2 = new DemoPage(page2)
      await demo2.goto()
      await demo2.connectDevWallet()
      await demo2.openAccount()
      await expect(
        demo2.dialog
          .getByRole('tabpanel', { name: 'Tokens' })
          .getByRole('listitem', { name: 'Test USD Coin, 12.345 USDC, $12.35' }),
      ).toBeVisible()
      await demo2.dialog.getByRole('tab', { name: 'Activity' }).click()
      await expect(
        demo2.dialog
          .getByRole('tabpanel', { name: 'Activity' })
          .getByRole('listitem', { name: /^Received, \+12\.345 USDC, / }),
      ).toBeVisible()
    } finally {
      await other.close()
    }
  })
})

test('bad input: invalid address, zero amount, above balance, too many decimals → messages, nothing sent', async ({
  page,
  stack,
}) => {
  const chain = stack.chains[0]
  if (!chain) throw new Error('stack.json lacks chains')
  const sender = freshAccount()
  await setEth(chain, sender.address, parseEther('2'))
  await mintToken(stack, chain, 'USDC', sender.address, '100')
  const nonce = await readNonce(chain, sender.address)
  const { send } = await openSend(page, stack, sender)
  const amount = send.getByRole('textbox', { name: 'Amount' })
  const receiverField = send.getByRole('textbox', { name: 'Receiver address' })
  const preview = send.getByRole('button', { name: 'Preview send' })

  await test.step('nothing filled in: the field messages (the Solana-only behaviour-reference message is not shown)', async () => {
    await preview.click()
    await expect(send.getByRole('alert').filter({ hasText: /^Please enter a valid amount$/ })).toBeVisible()
    await expect(send.getByRole('alert').filter({ hasText: 'Enter a valid address' })).toBeVisible()
    await expect(send.getByText('Please enter a valid amount and receiver address')).toHaveCount(0)
    await expect(page.getByRole('dialog', { name: 'Send' })).toBeVisible()
  })

  await test.step('an invalid address', async () => {
    await amount.fill('1')
    await receiverField.fill('0x1234')
    await expect(receiverField).toHaveAttribute('aria-invalid', 'true')
    await expect(send.getByRole('alert').filter({ hasText: 'Enter a valid address' })).toBeVisible()
    await preview.click()
    await expect(send.getByRole('alert').filter({ hasText: 'Enter a valid address' })).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Send' })).toBeVisible()
  })

  await test.step('a zero amount', async () => {
    await receiverField.fill(freshAccount().address)
    await amount.fill('0')
    await expect(send.getByRole('alert').filter({ hasText: /^Please enter a valid amount$/ })).toBeVisible()
    await preview.click()
    await expect(page.getByRole('dialog', { name: 'Send' })).toBeVisible()
  })

  await test.step('more than the balance', async () => {
    await amount.fill('2.5')
    await expect(send.getByRole('alert').filter({ hasText: 'Insufficient balance' })).toBeVisible()
    await preview.click()
    await expect(page.getByRole('dialog', { name: 'Send' })).toBeVisible()
  })

  await test.step('more decimals than USDC has', async () => {
    await chooseToken(page, 'Test USD Coin')
    await amount.fill('1.1234567')
    await expect(send.getByRole('alert').filter({ hasText: 'USDC allows at most 6 decimals' })).toBeVisible()
    await preview.click()
    await expect(page.getByRole('dialog', { name: 'Send' })).toBeVisible()
  })

  expect(await readNonce(chain, sender.address)).toBe(nonce)
})

test('insufficient gas: USDC but ~0 ETH → the message and nothing sent; a declined signature → Something went wrong', async ({
  page,
  stack,
}) => {
  const chain = stack.chains[0]
  if (!chain) throw new Error('stack.json lacks chains')
  const broke = freshAccount()
  await mintToken(stack, chain, 'USDC', broke.address, '100')
  await setEth(chain, broke.address, 1n)
  const receiver: Address = freshAccount().address
  const { send } = await openSend(page, stack, broke)

  await chooseToken(page, 'Test USD Coin')
  await send.getByRole('textbox', { name: 'Amount' }).fill('10')
  await send.getByRole('textbox', { name: 'Receiver address' }).fill(receiver)
  await send.getByRole('button', { name: 'Preview send' }).click()
  await expect(
    send.getByRole('alert').filter({ hasText: 'Insufficient ETH to pay the network fee' }),
  ).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Send' })).toBeVisible()
  expect(await readNonce(chain, broke.address)).toBe(0)

  await test.step('with gas money the review opens; the wallet declines → Something went wrong', async () => {
    await setEth(chain, broke.address, parseEther('1'))
    await page.evaluate(() => {
      const config = (window as unknown as { __PORTICO_DEV_WALLET__: { autoReject?: string[] } })
        .__PORTICO_DEV_WALLET__
      config.autoReject = ['eth_sendTransaction']
    })
    await send.getByRole('button', { name: 'Preview send' }).click()
    const review = page.getByRole('dialog', { name: 'Review Send' })
    await expect(review.getByRole('definition')).toContainText(['10 USDC (≈ $10.00)', receiver])
    await review.getByRole('button', { name: 'Send', exact: true }).click()
    await continuePreview(page, ['−10 USDC'])
    await expect(toast(page)).toContainText('Something went wrong')
    await expect(review).toBeVisible()
    expect(await readNonce(chain, broke.address)).toBe(0)
    expect(await readToken(stack, chain, 'USDC', receiver)).toBe(0n)
  })
})
