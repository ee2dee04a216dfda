import { type Address, erc20Abi } from 'viem'
import { publicClient, transferEth } from './accountData.ts'
import { firstCodeBox, mailboxCode, walletApproval } from './authFrame.ts'
import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'

// Accounts: none of the dev accounts. A fresh email's embedded wallet (its smart account on chain A),
// funded by a transfer from account 0; the swap's transaction goes through ApproveTransaction and the bundler.
// It trades ETH → PRMT, a pool no other spec trades: a parallel swap moving the price past the 1 %
// slippage would otherwise revert this one.

test('swap with an embedded-wallet account: the swap waits in Approve Transaction, then lands as a user operation', async ({
  page,
  stack,
}) => {
  test.setTimeout(120_000)
  const chain = stack.chains.find((c) => c.chainId === 31337)
  const prmt = stack.fixtures[31337]?.dex?.permitToken
  if (!chain || !prmt) throw new Error('stack.json lacks chain 31337 or its DEX')
  const readPrmt = (owner: Address) =>
    publicClient(chain).readContract({
      address: prmt,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner],
    })
  const demo = new DemoPage(page)
  const email = `swap-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@portico.test`
  await demo.goto()
  await demo.openConnect()
  const since = Date.now()
  await demo.dialog.getByLabel('Email').fill(email)
  await demo.dialog.getByRole('button', { name: 'Continue', exact: true }).click()
  await firstCodeBox(demo.dialog).fill(await mailboxCode(stack, email, since))
  await expect(demo.dialog).toBeHidden()
  await expect.poll(async () => (await demo.status()).Address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  const account = (await demo.status()).Address as Address
  await transferEth(chain, account, '2')

  const swap = page.getByRole('dialog', { name: 'Swap' })
  // The balance sits under the amount, in the "You pay" section beside the token's chip.
  await demo.openFeature('Swap')
  await expect(swap.getByRole('region', { name: 'You pay' })).toContainText('Balance: 2.000 ETH')
  await expect(swap.getByRole('button', { name: 'Swap from ETH, change token' })).toHaveText('ETH')

  await swap.getByRole('textbox', { name: 'Amount to swap' }).fill('0.5')
  await swap.getByRole('button', { name: /^Choose the token to receive/ }).click()
  const select = page.getByRole('dialog', { name: 'Select Token' })
  await select.getByRole('textbox', { name: 'Search token' }).fill('PRMT')
  await select
    .getByRole('list', { name: 'Popular tokens' })
    .getByRole('button', { name: /^PRMT / })
    .click()
  await expect(swap.getByRole('textbox', { name: 'Amount to receive' })).toHaveValue(/^\d+\.\d{1,6}$/)
  await swap.getByRole('button', { name: 'Swap', exact: true }).click()

  const approve = page.getByRole('dialog', { name: 'Approve Transaction' })
  await expect(approve).toBeVisible()
  const wallet = walletApproval(page)
  await expect(wallet.getByRole('heading', { name: 'Send a transaction' })).toBeVisible()
  expect(await readPrmt(account)).toBe(0n)
  await wallet.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByRole('status', { name: 'Notifications' })).toContainText(
    /^Swapped 0\.500 ETH to [\d,]+\.\d{3} PRMT$/,
    { timeout: 30_000 },
  )
  expect(await readPrmt(account)).toBeGreaterThan(0n)
})
