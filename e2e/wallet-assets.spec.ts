import { parseEther } from 'viem'
import { freshAccount, mintToken, setEth, useDevWallet } from './accountData.ts'
import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'
import type { StackInfo } from './stackInfo.ts'

// Accounts: fresh viem keys funded with anvil_setBalance and fixture mints (accountData.ts), so no dev
// account index of another spec is touched.

async function fundedAccount(stack: StackInfo) {
  const chain = stack.chains[0]
  if (!chain) throw new Error('stack.json lacks chains')
  const tokens = stack.fixtures[chain.chainId]?.tokens
  if (!tokens) throw new Error(`no fixtures on chain ${chain.chainId}`)
  const account = freshAccount()
  // Independent writes (anvil numbers the minter's transactions): one wait, not four in a row.
  await Promise.all([
    setEth(chain, account.address, parseEther('3')),
    mintToken(stack, chain, 'PTT', account.address, '12.5'),
    mintToken(stack, chain, 'USDC', account.address, '7.25'),
    mintToken(stack, chain, 'JUNK', account.address, '3'),
  ])
  return { chain, tokens, account }
}

const balanceCalls = (requests: string[], address: string) =>
  requests.filter((url) => url.toLowerCase().includes(`/v1/account/${address.toLowerCase()}/balance`))

test('with assetDiscovery the Tokens tab comes from wallet_getAssets, not the balance service', async ({
  page,
  context,
  stack,
  requests,
}) => {
  const { chain, tokens, account } = await fundedAccount(stack)
  await useDevWallet(context, stack, account, {
    assets: { [chain.chainId]: [tokens.PTT, tokens.USDC, tokens.JUNK] },
  })
  const demo = new DemoPage(page)
  await demo.goto()
  await demo.connectDevWallet()
  await demo.openAccount()

  const list = demo.dialog
    .getByRole('tabpanel', { name: 'Tokens' })
    .getByRole('list', { name: 'Token balances' })
  // The wallet reports no prices: the rows carry no fiat value.
  await expect(list.getByRole('listitem', { name: 'Ether, 3.000 ETH', exact: true })).toBeVisible()
  await expect(
    list.getByRole('listitem', { name: 'Portico Test Token, 12.500 PTT', exact: true }),
  ).toBeVisible()
  await expect(list.getByRole('listitem', { name: 'Test USD Coin, 7.250 USDC', exact: true })).toBeVisible()
  // JUNK has 0 decimals: dropped as low quality, as from the balance service.
  await expect(list.getByRole('listitem')).toHaveCount(3)
  await expect(list).not.toContainText('JUNK')
  expect(balanceCalls(requests, account.address)).toEqual([])
})

test('without the capability the Tokens tab comes from the balance service', async ({
  page,
  context,
  stack,
  requests,
}) => {
  const { account } = await fundedAccount(stack)
  await useDevWallet(context, stack, account)
  const demo = new DemoPage(page)
  await demo.goto()
  await demo.connectDevWallet()
  await demo.openAccount()
  const list = demo.dialog
    .getByRole('tabpanel', { name: 'Tokens' })
    .getByRole('list', { name: 'Token balances' })
  // The balance service prices what it lists (behaviour §9 seed prices): the rows carry a fiat value.
  await expect(list.getByRole('listitem', { name: /^Test USD Coin, 7\.250 USDC, \$7\.25$/ })).toBeVisible()
  expect(balanceCalls(requests, account.address).length).toBeGreaterThan(0)
})
