import type { Page } from '@playwright/test'
import { type Address, parseAbi, parseUnits } from 'viem'
import { freshAccount, mintToken, publicClient, readEth, readToken } from './accountData.ts'
import { firstCodeBox, mailboxCode, walletApproval } from './authFrame.ts'
import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'

// Accounts: none of the dev accounts sends. A fresh email's embedded wallet (its smart account on chain
// A) gets USDC and PTT minted by account 0, and never any ETH. The demo is opened with ?paymaster=1:
// gas paid by the app through the stack's paymaster service (the API's /v1/paymaster for portico-dev,
// whose dev policy sponsors calls to USDC and the DEX only; services/api README, Paymaster).

const REFUSAL = 'The app does not sponsor calls to this contract'
const entryPointAbi = parseAbi([
  'function getNonce(address sender, uint192 key) view returns (uint256)',
  'function balanceOf(address account) view returns (uint256)',
])

/** Account → Send → `token`, `amount` to `receiver`, reviewed and sent: the wallet's approval opens. */
async function sendToken(
  demo: DemoPage,
  page: Page,
  token: RegExp,
  balance: string,
  amount: string,
  receiver: Address,
) {
  const send = page.getByRole('dialog', { name: 'Send' })
  await demo.openFeature('Send')
  await send.getByRole('button', { name: /^Token: / }).click()
  await page.getByRole('dialog', { name: 'Select Token' }).getByRole('button', { name: token }).click()
  await expect(send.getByRole('button', { name: `Token: ${balance}` })).toBeVisible()
  await send.getByRole('textbox', { name: 'Amount' }).fill(amount)
  await send.getByRole('textbox', { name: 'Receiver address' }).fill(receiver)
  await send.getByRole('button', { name: 'Preview send' }).click()
  await page
    .getByRole('dialog', { name: 'Review Send' })
    .getByRole('button', { name: 'Send', exact: true })
    .click()
  await expect(page.getByRole('dialog', { name: 'Approve Transaction' })).toBeVisible()
}

test('gas paid by the app: a 0-ETH smart account sends USDC, sponsored; a call the sponsor refuses shows its message', async ({
  page,
  stack,
}) => {
  test.setTimeout(180_000)
  const chain = stack.chains.find((c) => c.chainId === 31337)
  const aa = stack.fixtures[31337]?.aa
  const paymaster = stack.fixtures[31337]?.paymaster
  if (!chain || !aa || !paymaster)
    throw new Error('stack.json lacks chain 31337, its ERC-4337 fixtures or its paymaster')
  const client = publicClient(chain)
  const demo = new DemoPage(page)
  await demo.goto('?paymaster=1')

  const smart =
    await test.step('email login: a new embedded wallet, its smart account undeployed and without ETH', async () => {
      const email = `sponsored-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@portico.test`
      await demo.openConnect()
      const since = Date.now()
      await demo.dialog.getByLabel('Email').fill(email)
      await demo.dialog.getByRole('button', { name: 'Continue', exact: true }).click()
      await expect(page.getByRole('dialog', { name: 'Confirm Email' })).toBeVisible()
      await firstCodeBox(demo.dialog).fill(await mailboxCode(stack, email, since))
      await expect(demo.dialog).toBeHidden()
      await expect.poll(async () => (await demo.status()).Address).toMatch(/^0x[0-9a-fA-F]{40}$/)
      const address = (await demo.status()).Address as Address
      expect(await client.getCode({ address })).toBeUndefined()
      expect(await readEth(chain, address)).toBe(0n)
      return address
    })

  const receiver = freshAccount().address
  await test.step('USDC from a devnet account; Send → Approve: the transfer lands, the app paid the gas', async () => {
    await mintToken(stack, chain, 'USDC', smart, '100')
    // The paymaster's deposit in the EntryPoint (only this spec's operations are sponsored).
    const deposit = () =>
      client.readContract({
        address: aa.entryPoint,
        abi: entryPointAbi,
        functionName: 'balanceOf',
        args: [paymaster.address],
      })
    const depositBefore = await deposit()
    await sendToken(demo, page, /^Test USD Coin/, 'USDC, balance 100.000 USDC', '12.5', receiver)
    const wallet = walletApproval(page)
    await expect(wallet.getByRole('heading', { name: /^Send 1 call/ })).toBeVisible()
    await expect(wallet.getByText(receiver, { exact: true })).toBeVisible()
    await wallet.getByRole('button', { name: 'Approve' }).click()
    // behaviour §2: once the wallet answers (the user operation's receipt), the view returns to Account.
    await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible({ timeout: 60_000 })
    await expect.poll(() => readToken(stack, chain, 'USDC', receiver)).toBe(parseUnits('12.5', 6))
    expect(await readToken(stack, chain, 'USDC', smart)).toBe(parseUnits('87.5', 6))
    // A user operation through the EntryPoint deployed the account; the account still holds no ETH:
    // the paymaster's deposit in the EntryPoint paid.
    expect(await client.getCode({ address: smart })).toMatch(/^0x[0-9a-f]+$/)
    expect(
      await client.readContract({
        address: aa.entryPoint,
        abi: entryPointAbi,
        functionName: 'getNonce',
        args: [smart, 0n],
      }),
    ).toBe(1n)
    expect(await readEth(chain, smart)).toBe(0n)
    expect(await deposit()).toBeLessThan(depositBefore)
  })

  await test.step('PTT, a contract the sponsor does not cover: after Approve the modal shows the refusal, nothing moves', async () => {
    await page.keyboard.press('Escape')
    await expect(demo.dialog).toBeHidden()
    await mintToken(stack, chain, 'PTT', smart, '5')
    await sendToken(demo, page, /^Portico Test Token/, 'PTT, balance 5.000 PTT', '1', receiver)
    await walletApproval(page).getByRole('button', { name: 'Approve' }).click()
    // Shown by the send flow (a notification or an alert): the paymaster service's own message.
    await expect(page.getByText(REFUSAL).first()).toBeVisible({ timeout: 30_000 })
    expect(await readToken(stack, chain, 'PTT', receiver)).toBe(0n)
    expect(await readToken(stack, chain, 'PTT', smart)).toBe(parseUnits('5', 18))
    expect(
      await client.readContract({
        address: aa.entryPoint,
        abi: entryPointAbi,
        functionName: 'getNonce',
        args: [smart, 0n],
      }),
    ).toBe(1n)
    expect(await readEth(chain, smart)).toBe(0n)
  })
})
