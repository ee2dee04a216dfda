/**
 * The transaction preview inside the embedded wallet's own approval (issue 27): an email user's requests
 * through getProvider() from the demo's "Transaction preview" panel (hosts/demo/src/PreviewPanel.tsx)
 * stop at the auth frame's approval, where the wallet's backend has simulated exactly that request on
 * the chain. The rows are a description list (term: what, definition: its value). A fake "USDC" on no
 * list is deployed here and minted to the embedded account.
 */
import { erc20Abi, getAddress, parseEther } from 'viem'
import { freshAccount, publicClient, setEth } from './accountData.ts'
import { emailLogin, walletApproval } from './authFrame.ts'
import { expect, test } from './fixtures.ts'
import { deployFakeUsdc } from './transactionPreview.ts'

// Must match hosts/demo/src/PreviewPanel.tsx; the frame writes addresses checksummed.
const RECIPIENT = getAddress('0x000000000000000000000000000000000000bEEF')
/** The approval view's arming delay (services/auth-frame/src/frame/approvalView.ts ARM_MS) and then some. */
const LONGER_THAN_ARMING_MS = 1_500

test('embedded wallet: the frame’s approval shows the simulated transfer by contract, and a revert keeps Approve disabled', async ({
  page,
  stack,
}) => {
  test.setTimeout(120_000)
  const chain = stack.chains.find((c) => c.chainId === 31337)
  if (!chain) throw new Error('stack.json lacks chain 31337')
  const { address } = await emailLogin(page, stack)
  // The embedded account (a smart account where the stack has a bundler) pays its gas from this ETH.
  await setEth(chain, address, parseEther('1'))
  const deployer = freshAccount()
  await setEth(chain, deployer.address, parseEther('1'))
  const fakeUsdc = await deployFakeUsdc(chain, deployer, address)

  const panel = page.getByRole('region', { name: 'Transaction preview' })
  await panel.getByRole('textbox', { name: 'Token contract' }).fill(fakeUsdc)
  const result = panel.getByRole('status', { name: 'Transaction result' })
  const approveDialog = page.getByRole('dialog', { name: 'Approve Transaction' })
  const wallet = walletApproval(page)
  const term = (label: string) => wallet.getByRole('term').filter({ hasText: label })
  const definition = (...texts: string[]) =>
    texts.reduce((found, text) => found.filter({ hasText: text }), wallet.getByRole('definition'))

  await test.step('an unlimited approval: "Unlimited" in words, the spender and the token by contract; Reject → 4001', async () => {
    await panel.getByRole('button', { name: 'Approve unlimited' }).click()
    await expect(approveDialog).toBeVisible()
    await expect(wallet.getByRole('heading', { name: 'Send a transaction' })).toBeVisible()
    await expect(term('Approval (simulated)')).toBeVisible()
    const approval = definition(`spender ${RECIPIENT}`, `contract ${fakeUsdc}`)
    await expect(approval).toContainText('Unlimited: the spender can take all of this token')
    await expect(approval).toContainText('Not on this network’s token list')
    await wallet.getByRole('button', { name: 'Reject' }).click()
    await expect(result).toHaveText(/^rejected: .*\(code 4001\)$/)
  })

  await test.step('a transfer: what leaves, the token by its contract and marked as on no list; Approve sends exactly that', async () => {
    await panel.getByRole('button', { name: 'Transfer 1 token' }).click()
    await expect(approveDialog).toBeVisible()
    await expect(wallet.getByRole('heading', { name: 'Send a transaction' })).toBeVisible()
    await expect(term('You send (simulated)')).toBeVisible()
    const sent = definition(`contract ${fakeUsdc}`, `to ${RECIPIENT}`)
    await expect(sent).toContainText('1 USDC')
    await expect(sent).toContainText('Not on this network’s token list')
    // The simulation agrees with the calldata: no contradiction is shown.
    await expect(term('Simulation disagrees with the request')).toHaveCount(0)
    await wallet.getByRole('button', { name: 'Approve' }).click()
    await expect(result).toHaveText(/^0x[0-9a-f]{64}$/, { timeout: 30_000 })
    await expect
      .poll(() =>
        publicClient(chain).readContract({
          address: fakeUsdc,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [RECIPIENT],
        }),
      )
      .toBe(10n ** 18n)
  })

  await test.step('a transfer that would revert: the reason is shown and Approve stays disabled; Reject → 4001', async () => {
    await panel.getByRole('button', { name: 'Transfer more than the balance' }).click()
    await expect(approveDialog).toBeVisible()
    await expect(term('This transaction would fail')).toBeVisible()
    await expect(definition('Reason: ERC20: transfer amount exceeds balance')).toBeVisible()
    const approve = wallet.getByRole('button', { name: 'Approve' })
    await expect(approve).toBeDisabled()
    // Long past the delay after which a visible Approve arms: still disabled.
    await page.waitForTimeout(LONGER_THAN_ARMING_MS)
    await expect(approve).toBeDisabled()
    await wallet.getByRole('button', { name: 'Reject' }).click()
    await expect(result).toHaveText(/^rejected: .*\(code 4001\)$/)
  })
})
