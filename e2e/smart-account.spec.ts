import { type Address, parseAbi, parseEther } from 'viem'
import { freshAccount, publicClient, readEth, transferEth } from './accountData.ts'
import { firstCodeBox, mailboxCode, walletApproval } from './authFrame.ts'
import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'

// Accounts: none of the dev accounts. The embedded wallet's key is made by the auth frame for a fresh
// email; its smart account is funded by a transfer from account 0; the receiver is a fresh address.

const entryPointAbi = parseAbi(['function getNonce(address sender, uint192 key) view returns (uint256)'])

test('smart account: email login gives the smart account, it sends ETH through the bundler, then switches to EOA', async ({
  page,
  stack,
}) => {
  test.setTimeout(120_000)
  const chain = stack.chains.find((c) => c.chainId === 31337)
  const aa = stack.fixtures[31337]?.aa
  if (!chain || !aa) throw new Error('stack.json lacks chain 31337 or its ERC-4337 fixtures')
  const client = publicClient(chain)
  const demo = new DemoPage(page)
  const email = `smart-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@portico.test`
  const address = async () => {
    await expect.poll(async () => (await demo.status()).Address).toMatch(/^0x[0-9a-fA-F]{40}$/)
    return (await demo.status()).Address as Address
  }
  await demo.goto()

  let smart: Address
  await test.step('email login: the account is the (not yet deployed) smart account', async () => {
    await demo.openConnect()
    const since = Date.now()
    await demo.dialog.getByLabel('Email').fill(email)
    await demo.dialog.getByRole('button', { name: 'Continue', exact: true }).click()
    await expect(page.getByRole('dialog', { name: 'Confirm Email' })).toBeVisible()
    await firstCodeBox(demo.dialog).fill(await mailboxCode(stack, email, since))
    await expect(demo.dialog).toBeHidden()
    smart = await address()
    expect(await client.getCode({ address: smart })).toBeUndefined()
    await demo.openAccount()
    await demo.dialog.getByRole('button', { name: 'Switch account type' }).click()
    await expect(
      page.getByRole('dialog', { name: 'Account Type' }).getByText('Current: Smart account'),
    ).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(demo.dialog).toBeHidden()
  })

  const receiver = freshAccount().address
  await test.step('Send → Approve: a user operation through the bundler deploys the account and moves the ETH', async () => {
    await transferEth(chain, smart, '1')
    const send = page.getByRole('dialog', { name: 'Send' })
    await demo.openFeature('Send')
    await expect(send.getByRole('button', { name: 'Token: ETH, balance 1.000 ETH' })).toBeVisible()
    expect(await address()).toBe(smart)
    await send.getByRole('textbox', { name: 'Amount' }).fill('0.25')
    await send.getByRole('textbox', { name: 'Receiver address' }).fill(receiver)
    await send.getByRole('button', { name: 'Preview send' }).click()
    await page
      .getByRole('dialog', { name: 'Review Send' })
      .getByRole('button', { name: 'Send', exact: true })
      .click()
    const approve = page.getByRole('dialog', { name: 'Approve Transaction' })
    await expect(approve).toBeVisible()
    const wallet = walletApproval(page)
    await expect(wallet.getByRole('heading', { name: 'Send a transaction' })).toBeVisible()
    await expect(wallet.getByText(receiver, { exact: true })).toBeVisible()
    await expect(wallet.getByText('0.25 ETH', { exact: true })).toBeVisible()
    await wallet.getByRole('button', { name: 'Approve' }).click()
    // behaviour §2: once the wallet answers (the user operation's receipt), the view returns to Account.
    await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible({ timeout: 30_000 })
    await expect.poll(() => readEth(chain, receiver)).toBe(parseEther('0.25'))
    // Sent by the bundler through EntryPoint: the account now has code and has used one user-op nonce.
    expect(await client.getCode({ address: smart })).toMatch(/^0x[0-9a-f]+$/)
    expect(
      await client.readContract({
        address: aa.entryPoint,
        abi: entryPointAbi,
        functionName: 'getNonce',
        args: [smart, 0n],
      }),
    ).toBe(1n)
    const left = await readEth(chain, smart)
    expect(left).toBeLessThan(parseEther('0.75'))
    expect(left).toBeGreaterThan(parseEther('0.7'))
  })

  await test.step('switch to EOA: the app reconnects with the owner key’s own address', async () => {
    await demo.dialog.getByRole('button', { name: 'Switch account type' }).click()
    const view = page.getByRole('dialog', { name: 'Account Type' })
    await view.getByRole('button', { name: 'Switch to EOA (externally owned account)' }).click()
    await expect(view.getByText('Current: EOA (externally owned account)')).toBeVisible()
    await expect.poll(async () => (await demo.status()).Address).not.toBe(smart)
    const eoa = await address()
    expect(await client.getCode({ address: eoa })).toBeUndefined()
    await expect(view.getByRole('button', { name: 'Switch to Smart account' })).toBeVisible()
  })
})
