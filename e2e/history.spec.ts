import type { ApiHealthResponse, HistoryResponse } from '@portico/shared-types/api'
import { parseEther } from 'viem'
import {
  freshAccount,
  mintSpamNft,
  mintToken,
  ownApi,
  publicClient,
  sendEth,
  setEth,
  useDevWallet,
} from './accountData.ts'
import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'
import type { StackInfo } from './stackInfo.ts'

// Accounts: fresh ones generated per test (funded with anvil_setBalance; USDC and the spam NFT minted
// from account 0), so no dev account index of another spec is touched.

/** Waits until the API has indexed every chain up to its current block. */
async function indexed(stack: StackInfo) {
  const heads = await Promise.all(stack.chains.map((chain) => publicClient(chain).getBlockNumber()))
  await expect
    .poll(
      async () => {
        const health = (await (await fetch(`${stack.apiUrl}/health`)).json()) as ApiHealthResponse
        return stack.chains.every((chain, index) => {
          const entry = health.chains.find((candidate) => candidate.chainId === `eip155:${chain.chainId}`)
          return (entry?.indexedBlock ?? -1) >= Number(heads[index])
        })
      },
      { timeout: 20_000 },
    )
    .toBe(true)
}

async function apiHistory(stack: StackInfo, address: string, chainId: string) {
  const items: HistoryResponse['data'] = []
  let cursor: string | null = ''
  while (cursor !== null) {
    const query = new URLSearchParams({ projectId: 'portico-dev', chainId, ...(cursor ? { cursor } : {}) })
    const page = (await (
      await fetch(`${stack.apiUrl}/v1/account/${address}/history?${query}`)
    ).json()) as HistoryResponse
    items.push(...page.data)
    cursor = page.next
  }
  return items
}

test('Activity: transfers with direction and amounts, spam NFT hidden, this chain only, paged by keyboard', async ({
  page,
  context,
  stack,
}) => {
  test.setTimeout(60_000)
  const [chainA, chainB] = stack.chains
  if (!chainA || !chainB) throw new Error('stack.json lacks chains')
  const holder = freshAccount()
  const funder = freshAccount()
  await setEth(chainA, funder.address, parseEther('100'))
  await setEth(chainB, funder.address, parseEther('1'))
  await mintToken(stack, chainA, 'USDC', holder.address, '100')
  await mintSpamNft(stack, chainA, holder.address)
  await sendEth(chainA, funder, holder.address, '0.5')
  // 22 more: with the API's 20 per page, the list needs a second page.
  for (let i = 0; i < 22; i++) await sendEth(chainA, funder, holder.address, '0.001')
  await sendEth(chainB, funder, holder.address, '0.25')
  await indexed(stack)
  // The API does return the airdrop, flagged as spam: hiding it is the modal's job (behaviour §5).
  const raw = await apiHistory(stack, holder.address, `eip155:${chainA.chainId}`)
  expect(raw).toHaveLength(25)
  expect(
    raw.filter((item) => item.transfers.every((transfer) => transfer.nft_info?.flags.is_spam)),
  ).toHaveLength(1)

  await useDevWallet(context, stack, holder)
  const demo = new DemoPage(page)
  await demo.goto()
  await demo.connectDevWallet()
  await demo.openAccount()
  await demo.dialog.getByRole('tab', { name: 'Activity' }).click()
  const activity = demo.dialog.getByRole('tabpanel', { name: 'Activity' })
  const items = activity.getByRole('list', { name: 'Transactions' }).getByRole('listitem')

  await expect(items).toHaveCount(20)
  await expect(items.first()).toHaveAccessibleName(/^Received, \+0\.001 ETH, \d+ (sec|min) ago$/)
  await expect(items.first().locator('time')).toHaveText(/^\d+ (sec|min)$/)

  const loadMore = activity.getByRole('button', { name: 'Load more' })
  await loadMore.focus()
  await page.keyboard.press('Enter')
  await expect(items).toHaveCount(24)
  await expect(loadMore).toHaveCount(0)
  await expect(activity.getByRole('listitem', { name: /^Received, \+0\.500 ETH, / })).toBeVisible()
  await expect(activity.getByRole('listitem', { name: /^Minted, \+100\.000 USDC, / })).toBeVisible()
  await expect(activity).not.toContainText('Free Airdrop NFT')
  await expect(activity).not.toContainText('0.250 ETH')

  await test.step('on the other chain only its transaction shows', async () => {
    await demo.dialog.getByRole('button', { name: `${chainA.name} Switch network` }).click()
    await page
      .getByRole('dialog', { name: 'Choose Network' })
      .getByRole('button', { name: chainB.name })
      .click()
    await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
    await expect(items).toHaveCount(1)
    await expect(items.first()).toHaveAccessibleName(/^Received, \+0\.250 ETH, /)
  })
})

test('Activity: an account without transactions shows the empty state; a failing API the toast and an empty list', async ({
  page,
  context,
  stack,
}) => {
  const api = await ownApi(stack)
  try {
    await api.start()
    const account = freshAccount()
    await useDevWallet(context, stack, account)
    const demo = new DemoPage(page)
    await demo.goto(`?apiUrl=${encodeURIComponent(api.url)}`)
    await demo.connectDevWallet()
    await demo.openAccount()
    await demo.dialog.getByRole('tab', { name: 'Activity' }).click()
    const activity = demo.dialog.getByRole('tabpanel', { name: 'Activity' })
    await expect(activity).toContainText('No activity yet')

    await api.stop()
    await demo.dialog.getByRole('tab', { name: 'Tokens' }).click()
    await demo.dialog.getByRole('tab', { name: 'Activity' }).click()
    await expect(page.getByRole('status', { name: 'Notifications' })).toContainText(
      'Failed to fetch transactions',
    )
    await expect(activity).toContainText('No activity yet')
    await expect(activity.getByRole('listitem')).toHaveCount(0)
  } finally {
    await api.dispose()
  }
})
