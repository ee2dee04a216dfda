/**
 * EIP-5792 batches (issue 27): with a wallet that batches atomically, a token swap that needs an
 * approval is ONE press of Swap, ONE Review request, ONE wallet_sendCalls, and lands as ONE
 * transaction: the dev wallet's EIP-7702 transaction to itself, delegated to the devnet's
 * Simple7702Account, whose executeBatch runs the approval and the swap together.
 *
 * Accounts: a fresh one (ETH by anvil_setBalance, USDC minted from account 0), with the dev wallet
 * given the chain's delegate (`batchDelegates`; the stack's default dev wallet has none and cannot
 * batch, as swaps.spec.ts needs). The swap runs on chain B (eip155:31338, `?chains=31338`): no other
 * spec trades its ETH/USDC pool, so no parallel swap moves the price past the 1% slippage between the
 * quote and the batch.
 */
import { type Address, erc20Abi, type Hex, maxUint256, parseAbiItem, parseEther, parseEventLogs } from 'viem'
import { freshAccount, mintToken, publicClient, readEth, readToken, setEth } from './accountData.ts'
import { expect, test } from './fixtures.ts'
import { openSwap, pick, swapDialog, toast, withinSlippage } from './swapFlow.ts'
import { continuePreview } from './transactionPreview.ts'

const CHAIN_B = 31338

test('swap USDC → ETH with a wallet that batches: approval and swap land atomically in one transaction', async ({
  page,
  stack,
}) => {
  test.setTimeout(60_000)
  const chain = stack.chains.find((candidate) => candidate.chainId === CHAIN_B)
  const fixtures = stack.fixtures[CHAIN_B]
  const delegate = fixtures?.eip7702?.simple7702Account
  const router = fixtures?.dex?.router
  const usdc = fixtures?.tokens.USDC
  if (!chain || !delegate || !router || !usdc)
    throw new Error('stack.json lacks chain B, its DEX or its EIP-7702 delegate')
  const client = publicClient(chain)
  const visitor = freshAccount()
  await setEth(chain, visitor.address, parseEther('1'))
  await mintToken(stack, chain, 'USDC', visitor.address, '500')
  const allowance = () =>
    client.readContract({
      address: usdc,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [visitor.address, router],
    })
  expect(await allowance()).toBe(0n)

  await openSwap(page, stack, visitor, `?chains=${CHAIN_B}`, {
    defaultChainId: CHAIN_B,
    batchDelegates: { [CHAIN_B]: delegate },
  })
  const swap = swapDialog(page)
  await pick(page, /^Swap from ETH/, 'USDC')
  await swap.getByRole('textbox', { name: 'Amount to swap' }).fill('100')
  await pick(page, /^Choose the token to receive/, 'ETH')
  const received = swap.getByRole('textbox', { name: 'Amount to receive' })
  await expect(received).toHaveValue(/^\d+\.\d{1,6}$/)
  const quoted = await received.inputValue()

  // The allowance is short, yet there is no approval step: Swap sends the approval with the swap.
  const swapButton = swap.getByRole('button', { name: 'Swap', exact: true })
  await expect(swapButton).toBeEnabled()
  await expect(swap.getByRole('button', { name: 'Approve USDC' })).toHaveCount(0)
  const fromBlock = (await client.getBlockNumber()) + 1n
  const ethBefore = await readEth(chain, visitor.address)

  await swapButton.click()
  // One review for the whole batch: the approval and the swap's effects together.
  await continuePreview(page, ['Approvals', '−100 USDC', 'You receive'])
  await expect(toast(page)).toContainText(/^Swapped 100\.000 USDC to [\d,]+\.\d{3} ETH$/, { timeout: 20_000 })
  await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Approve USDC' })).toHaveCount(0)

  // On chain: every transaction the account sent since the press.
  const toBlock = await client.getBlockNumber()
  const blocks = await Promise.all(
    Array.from({ length: Number(toBlock - fromBlock + 1n) }, (_, i) =>
      client.getBlock({ blockNumber: fromBlock + BigInt(i), includeTransactions: true }),
    ),
  )
  const sent = blocks
    .flatMap((block) => block.transactions)
    .filter((tx) => tx.from.toLowerCase() === visitor.address.toLowerCase())
  expect(sent, 'the approval and the swap travelled in one transaction').toHaveLength(1)
  const [batch] = sent
  if (!batch) throw new Error('no transaction from the account')
  // EIP-7702: to itself, delegated to the devnet's Simple7702Account.
  expect(batch.type).toBe('eip7702')
  expect(batch.to?.toLowerCase()).toBe(visitor.address.toLowerCase())
  expect(batch.authorizationList?.map((auth) => auth.address.toLowerCase())).toEqual([delegate.toLowerCase()])
  const receipt = await client.getTransactionReceipt({ hash: batch.hash as Hex })
  expect(receipt.status).toBe('success')

  // Both effects are that one transaction's: the approval of the router and the USDC leaving for the pool.
  const own = (address: Address) => address.toLowerCase() === visitor.address.toLowerCase()
  const usdcLogs = receipt.logs.filter((log) => log.address.toLowerCase() === usdc.toLowerCase())
  const approvals = parseEventLogs({
    abi: [parseAbiItem('event Approval(address indexed owner, address indexed spender, uint256 value)')],
    logs: usdcLogs,
  })
  expect(
    approvals.some((log) => own(log.args.owner) && log.args.spender.toLowerCase() === router.toLowerCase()),
  ).toBe(true)
  const transfers = parseEventLogs({
    abi: [parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)')],
    logs: usdcLogs,
  })
  expect(transfers.filter((log) => own(log.args.from)).map((log) => log.args.value)).toEqual([100_000_000n])

  // The chain's balances: 100 USDC gone, the ETH received within the slippage (net of the batch's fee).
  expect(await readToken(stack, chain, 'USDC', visitor.address)).toBe(400_000_000n)
  expect(await allowance()).toBe(maxUint256)
  const fee = receipt.gasUsed * receipt.effectiveGasPrice
  withinSlippage((await readEth(chain, visitor.address)) + fee - ethBefore, quoted, 18)

  // What made the plugin batch: the page's wallet reports atomic batches on chain B (its delegate is there).
  const chainHex = `0x${CHAIN_B.toString(16)}`
  const capabilities = await page.evaluate(
    async ([address, chainId]) => {
      type Announced = { info: { rdns: string }; provider: { request(a: unknown): Promise<unknown> } }
      const wallets: Announced[] = []
      window.addEventListener('eip6963:announceProvider', (event) =>
        wallets.push((event as CustomEvent<Announced>).detail),
      )
      window.dispatchEvent(new Event('eip6963:requestProvider'))
      const provider = wallets.find((wallet) => wallet.info.rdns === 'dev.portico.wallet')?.provider
      return provider?.request({ method: 'wallet_getCapabilities', params: [address, [chainId]] })
    },
    [visitor.address, chainHex] as const,
  )
  expect(capabilities).toEqual({ [chainHex]: { atomic: { status: 'supported' } } })
})
