/**
 * The transaction preview before an external wallet (issue 27): requests through getProvider() from the
 * demo's "Transaction preview" panel (hosts/demo/src/PreviewPanel.tsx) stop at the modal's Review request
 * view, which shows the API's simulation of exactly that request; Continue sends it to the dev wallet,
 * Reject answers 4001. The fake "USDC" is deployed here by the test's own account, so it is on no list.
 */
import { erc20Abi, getAddress, type Hex, maxUint256, parseEther } from 'viem'
import { freshAccount, publicClient, readEth, setEth, useDevWallet } from './accountData.ts'
import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'
import type { StackChain } from './stackInfo.ts'
import { deployFakeUsdc } from './transactionPreview.ts'

// Must match hosts/demo/src/PreviewPanel.tsx.
const RECIPIENT = '0x000000000000000000000000000000000000bEEF'

test('preview before the wallet: unlimited approval, an unlisted "USDC", a revert, Continue and Reject', async ({
  page,
  stack,
}) => {
  test.setTimeout(90_000)
  const chain = stack.chains[0]
  if (!chain) throw new Error('stack.json lacks a chain')
  const account = freshAccount()
  await setEth(chain, account.address, parseEther('1'))
  const fakeUsdc = await deployFakeUsdc(chain, account)
  await useDevWallet(page.context(), stack, account)
  const demo = new DemoPage(page)
  await demo.goto()
  await demo.connectDevWallet()

  const panel = page.getByRole('region', { name: 'Transaction preview' })
  await panel.getByRole('textbox', { name: 'Token contract' }).fill(fakeUsdc)
  const result = panel.getByRole('status', { name: 'Transaction result' })
  const review = page.getByRole('dialog', { name: 'Review request' })
  const continueButton = review.getByRole('button', { name: 'Continue' })
  const rejectButton = review.getByRole('button', { name: 'Reject' })

  await test.step('a transfer of the fake "USDC": named by its contract and marked as not on the list; Reject → 4001', async () => {
    await panel.getByRole('button', { name: 'Transfer 1 token' }).click()
    const sent = review.getByRole('region', { name: 'You send' })
    await expect(sent.getByRole('listitem')).toContainText(['−1 USDC'])
    await expect(sent.getByRole('listitem')).toContainText([`Contract ${fakeUsdc}`])
    await expect(sent.getByRole('listitem')).toContainText(['Not on this network’s token list'])
    await rejectButton.click()
    await expect(result).toHaveText('rejected: User rejected the request (code 4001)')
    await expect(review).toBeHidden()
    expect(await tokenBalance(chain, fakeUsdc, RECIPIENT)).toBe(0n)
  })

  await test.step('a transfer that would revert: the reason is shown and Continue is disabled', async () => {
    await panel.getByRole('button', { name: 'Transfer more than the balance' }).click()
    const failure = review.getByRole('alert', { name: 'This transaction would fail' })
    await expect(failure).toContainText('Reason: ERC20: transfer amount exceeds balance')
    await expect(continueButton).toBeDisabled()
    await rejectButton.click()
    await expect(result).toHaveText('rejected: User rejected the request (code 4001)')
  })

  await test.step('an unlimited approval is called out in words; Continue sends it and it lands on chain', async () => {
    await panel.getByRole('button', { name: 'Approve unlimited' }).click()
    const approvals = review.getByRole('region', { name: 'Approvals' })
    await expect(approvals.getByRole('listitem')).toContainText(['Unlimited'])
    await expect(approvals.getByRole('listitem')).toContainText([`Spender ${getAddress(RECIPIENT)}`])
    await expect(approvals.getByRole('listitem')).toContainText(['Not on this network’s token list'])
    await continueButton.click()
    await expect(result).toHaveText(/^0x[0-9a-f]{64}$/)
    const receipt = await publicClient(chain).waitForTransactionReceipt({
      hash: (await result.innerText()) as Hex,
    })
    expect(receipt.status).toBe('success')
    const allowance = await publicClient(chain).readContract({
      address: fakeUsdc,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [account.address, RECIPIENT],
    })
    expect(allowance).toBe(maxUint256)
  })

  await test.step('a plain ETH send: previewed as ETH out, Continue, the recipient gets it', async () => {
    const before = await readEth(chain, RECIPIENT)
    await panel.getByRole('button', { name: 'Send 0.001 ETH' }).click()
    await expect(review.getByRole('region', { name: 'You send' }).getByRole('listitem')).toContainText([
      '−0.001 ETH',
    ])
    await continueButton.click()
    await expect(result).toHaveText(/^0x[0-9a-f]{64}$/)
    const receipt = await publicClient(chain).waitForTransactionReceipt({
      hash: (await result.innerText()) as Hex,
    })
    expect(receipt.status).toBe('success')
    expect((await readEth(chain, RECIPIENT)) - before).toBe(parseEther('0.001'))
  })
})

const tokenBalance = (chain: StackChain, token: `0x${string}`, owner: `0x${string}`) =>
  publicClient(chain).readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })
