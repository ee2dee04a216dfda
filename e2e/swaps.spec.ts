import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { startApi } from '@portico/api'
import { parseEther, parseUnits } from 'viem'
import {
  floor3,
  freePort,
  freshAccount,
  mintToken,
  ownApi,
  readEth,
  readToken,
  setEth,
  useDevWallet,
} from './accountData.ts'
import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'
import { openSwap, pick, swapDialog, toast, withinSlippage } from './swapFlow.ts'
import { continuePreview } from './transactionPreview.ts'

// Accounts: fresh ones per test (ETH by anvil_setBalance, USDC minted from account 0); the swaps go
// through the devnet's Uniswap-V2 DEX that the API quotes and builds for (behaviour §4 swap flow).
// The dev wallet here has no EIP-7702 delegate configured (the stack's default config): it cannot
// batch, so an approval is its own step (batch-swap.spec.ts has the wallet that batches).

test('swap ETH → USDC: the quote, the wallet signs, Swapped…, Account shows the chain’s balances', async ({
  page,
  stack,
}) => {
  const chain = stack.chains[0]
  if (!chain) throw new Error('stack.json lacks chains')
  const visitor = freshAccount()
  await setEth(chain, visitor.address, parseEther('10'))
  const demo = await openSwap(page, stack, visitor)
  const swap = swapDialog(page)

  // behaviour §4 step 1: native source, amount 1.
  await expect(swap.getByRole('button', { name: 'Swap from ETH, change token' })).toBeVisible()
  await expect(swap.getByRole('textbox', { name: 'Amount to swap' })).toHaveValue('1')
  await pick(page, /^Choose the token to receive/, 'USDC')
  const received = swap.getByRole('textbox', { name: 'Amount to receive' })
  await expect(received).toHaveValue(/^\d+\.\d{1,6}$/)
  const quoted = await received.inputValue()
  // The details are collapsed until asked for.
  const details = swap.getByRole('definition')
  await expect(details).toHaveCount(0)
  await swap.getByRole('button', { name: 'Swap details' }).click()
  await expect(details).toHaveText([
    /^≈ \$\d+\.\d{2}$|^≈ < \$0\.01$/,
    /^\d+\.\d{2}%$/,
    /^[\d.]+ USDC \(1%\)$/,
    '0.0085 ETH',
  ])

  await swap.getByRole('button', { name: 'Swap', exact: true }).click()
  await continuePreview(page, ['−1 ETH', 'You receive'])
  await expect(toast(page)).toContainText(/^Swapped 1\.000 ETH to [\d,]+\.\d{3} USDC$/)
  await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()

  const usdc = await readToken(stack, chain, 'USDC', visitor.address)
  withinSlippage(usdc, quoted, 6)
  const eth = await readEth(chain, visitor.address)
  expect(eth).toBeLessThan(parseEther('9'))
  const tokens = demo.dialog.getByRole('tabpanel', { name: 'Tokens' })
  await expect(
    tokens.getByRole('listitem', { name: new RegExp(`^Test USD Coin, ${floor3(usdc, 6)} USDC`) }),
  ).toBeVisible()
  await expect(
    tokens.getByRole('listitem', { name: new RegExp(`^Ether, ${floor3(eth, 18)} ETH`) }),
  ).toBeVisible()

  // A new visit starts afresh (reset after success): amount 1, no destination, the new balances.
  await demo.dialog
    .getByRole('navigation', { name: 'Wallet features' })
    .getByRole('button', { name: 'Swap' })
    .click()
  await expect(swap.getByRole('textbox', { name: 'Amount to swap' })).toHaveValue('1')
  // The balance sits under the amount, in the "You pay" section beside the token's chip.
  await expect(swap.getByRole('button', { name: 'Swap from ETH, change token' })).toHaveText('ETH')
  await expect(swap.getByRole('region', { name: 'You pay' })).toContainText(`Balance: ${floor3(eth, 18)} ETH`)
  await expect(swap.getByRole('button', { name: /^Choose the token to receive/ })).toBeVisible()
  await swap.getByRole('button', { name: 'Swap from ETH, change token' }).click()
  await expect(
    page
      .getByRole('dialog', { name: 'Select Token' })
      .getByRole('list', { name: 'Your tokens' })
      .getByRole('button', { name: new RegExp(`^USDC Test USD Coin · ${floor3(usdc, 6)} USDC`) }),
  ).toBeVisible()
})

test('swap USDC → PTT: approval first (Approve USDC), re-quote, swap; both balances equal the chain’s', async ({
  page,
  stack,
}) => {
  test.setTimeout(60_000)
  const chain = stack.chains[0]
  if (!chain) throw new Error('stack.json lacks chains')
  const visitor = freshAccount()
  await setEth(chain, visitor.address, parseEther('1'))
  await mintToken(stack, chain, 'USDC', visitor.address, '500')
  const demo = await openSwap(page, stack, visitor)
  const swap = swapDialog(page)

  await pick(page, /^Swap from ETH/, 'USDC')
  await expect(swap.getByRole('button', { name: 'Swap from USDC, change token' })).toBeVisible()
  await swap.getByRole('textbox', { name: 'Amount to swap' }).fill('100')
  await pick(page, /^Choose the token to receive/, 'PTT')
  await expect(swap.getByRole('textbox', { name: 'Amount to receive' })).toHaveValue(/^\d+\.\d{1,6}$/)
  await swap.getByRole('button', { name: 'Approve USDC' }).click()
  await continuePreview(page, ['Approvals', 'USDC'])
  await expect(toast(page)).toContainText('USDC approved')
  expect(await readToken(stack, chain, 'USDC', visitor.address)).toBe(parseUnits('500', 6))
  // behaviour §4: the approval is followed by a re-quote; the amount is read once it is back.
  const swapButton = swap.getByRole('button', { name: 'Swap', exact: true })
  await expect(swapButton).toBeEnabled()
  const received = swap.getByRole('textbox', { name: 'Amount to receive' })
  await expect(received).toHaveValue(/^\d+\.\d{1,6}$/)
  const quoted = await received.inputValue()

  await swapButton.click()
  await continuePreview(page, ['−100 USDC', 'You receive'])
  await expect(toast(page)).toContainText(/^Swapped 100\.000 USDC to [\d,]+\.\d{3} PTT$/)
  await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()

  const usdc = await readToken(stack, chain, 'USDC', visitor.address)
  const ptt = await readToken(stack, chain, 'PTT', visitor.address)
  expect(usdc).toBe(parseUnits('400', 6))
  withinSlippage(ptt, quoted, 18)
  const tokens = demo.dialog.getByRole('tabpanel', { name: 'Tokens' })
  await expect(tokens.getByRole('listitem', { name: /^Test USD Coin, 400\.000 USDC/ })).toBeVisible()
  await expect(
    tokens.getByRole('listitem', { name: new RegExp(`^Portico Test Token, ${floor3(ptt, 18)} PTT`) }),
  ).toBeVisible()
})

test("a quote above the balance shows 'Insufficient balance' and offers no swap", async ({ page, stack }) => {
  const chain = stack.chains[0]
  if (!chain) throw new Error('stack.json lacks chains')
  const visitor = freshAccount()
  await setEth(chain, visitor.address, parseEther('2'))
  await openSwap(page, stack, visitor)
  const swap = swapDialog(page)
  await swap.getByRole('textbox', { name: 'Amount to swap' }).fill('5')
  await pick(page, /^Choose the token to receive/, 'USDC')
  await expect(swap.getByRole('alert')).toHaveText('Insufficient balance')
  await expect(swap.getByRole('button', { name: 'Insufficient balance' })).toBeDisabled()
  await expect(swap.getByRole('textbox', { name: 'Amount to receive' })).toHaveValue(/^\d+\.\d{1,6}$/)
  await expect(swap.getByRole('button', { name: 'Swap', exact: true })).toHaveCount(0)
})

test("API down: 'Failed to initialize swap' and back to Account; up again, the Swap view opens", async ({
  page,
  stack,
}) => {
  const api = await ownApi(stack)
  await api.start()
  try {
    const chain = stack.chains[0]
    if (!chain) throw new Error('stack.json lacks chains')
    const visitor = freshAccount()
    await setEth(chain, visitor.address, parseEther('1'))
    await useDevWallet(page.context(), stack, visitor)
    const demo = new DemoPage(page)
    await demo.goto(`?apiUrl=${encodeURIComponent(api.url)}`)
    await demo.connectDevWallet()
    await demo.openAccount()
    await api.stop()
    const features = demo.dialog.getByRole('navigation', { name: 'Wallet features' })
    await features.getByRole('button', { name: 'Swap' }).click()
    await expect(toast(page)).toContainText('Failed to initialize swap')
    await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()

    await api.start()
    await features.getByRole('button', { name: 'Swap' }).click()
    await expect(swapDialog(page).getByRole('textbox', { name: 'Amount to swap' })).toHaveValue('1')
  } finally {
    await api.dispose()
  }
})

test('axe-core finds no violations on the Swap and Select Token views', async ({ page, stack }) => {
  const chain = stack.chains[0]
  if (!chain) throw new Error('stack.json lacks chains')
  const visitor = freshAccount()
  await setEth(chain, visitor.address, parseEther('3'))
  const demo = await openSwap(page, stack, visitor)
  const swap = swapDialog(page)
  await pick(page, /^Choose the token to receive/, 'USDC')
  await expect(swap.getByRole('button', { name: 'Swap', exact: true })).toBeEnabled()
  await demo.settle()
  // The views under test, the modal's dialog: axe over the whole demo page doubles the work for nothing.
  const violations = async () =>
    (await new AxeBuilder({ page }).include('[role="dialog"]').analyze()).violations.map((v) => ({
      rule: v.id,
      targets: v.nodes.map((node) => node.target.join(' ')),
    }))
  expect(await violations()).toEqual([])
  await swap.getByRole('button', { name: 'Receive USDC, change token' }).click()
  await expect(
    page.getByRole('dialog', { name: 'Select Token' }).getByRole('list', { name: 'Popular tokens' }),
  ).toBeVisible()
  await demo.settle()
  expect(await violations()).toEqual([])
})

test("a network without swaps: the API says 'Network not supported for Swaps' → 'Failed to initialize swap', back to Account", async ({
  page,
  stack,
}) => {
  // The stack's chains and tokens, but no DEX configured: the API serves no swaps on any network.
  const fixtures = Object.fromEntries(
    Object.entries(stack.fixtures).map(([chainId, { dex: _dex, ...rest }]) => [chainId, rest]),
  )
  const dir = mkdtempSync(path.join(tmpdir(), 'portico-e2e-swaps-'))
  const api = await startApi({
    port: await freePort(),
    chains: stack.chains.map((chain) => ({ chainId: chain.chainId, rpcUrl: chain.rpcUrl })),
    fixtures,
    database: { kind: 'sqlite', file: path.join(dir, 'api.sqlite') },
    logLevel: 'warn',
  })
  try {
    const chain = stack.chains[0]
    if (!chain) throw new Error('stack.json lacks chains')
    // The API's answer, asked directly: the page may refuse before asking (the kernel also checks the
    // API's supported-chains list, and falls back to the behaviour reference's hosted list while that read is slow).
    const answer = await fetch(
      `${api.url}/v1/convert/tokens?${new URLSearchParams({ projectId: 'portico-dev', chainId: `eip155:${chain.chainId}` })}`,
    )
    expect(answer.status).toBe(400)
    expect(await answer.text()).toContain('Network not supported for Swaps')
    const demo = await openSwap(page, stack, freshAccount(), `?apiUrl=${encodeURIComponent(api.url)}`)
    await expect(toast(page)).toContainText('Failed to initialize swap')
    await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
    await expect(demo.dialog.getByRole('navigation', { name: 'Wallet features' })).toBeVisible()
  } finally {
    await api.close()
    rmSync(dir, { recursive: true, force: true })
  }
})
