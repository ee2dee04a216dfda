import { formatUnits, parseEther } from 'viem'
import {
  floor3,
  freshAccount,
  mintToken,
  ownApi,
  readEth,
  readToken,
  setEth,
  usd,
  useDevWallet,
} from './accountData.ts'
import { DemoPage } from './demo.ts'
import { expect, networkQuiet, test } from './fixtures.ts'

// Accounts: fresh ones generated per test (funded with anvil_setBalance and mints from account 0), so
// no dev account index of another spec is touched.

/** behaviour §9 seed prices of services/api (DEFAULT_PRICES). */
const PRICE = { ETH: 3000, PTT: 1.25, USDC: 1 }

test('Tokens lists the API balances, equal to the chain; 0-decimal JUNK is dropped; NFTs is empty', async ({
  page,
  context,
  stack,
}) => {
  const chain = stack.chains[0]
  if (!chain) throw new Error('stack.json lacks chains')
  const account = freshAccount()
  await setEth(chain, account.address, parseEther('2.5') + 987_654_321_000_000n)
  await mintToken(stack, chain, 'PTT', account.address, '1234.56789')
  await mintToken(stack, chain, 'USDC', account.address, '987.654321')
  await mintToken(stack, chain, 'JUNK', account.address, '7')
  const [eth, ptt, usdc] = await Promise.all([
    readEth(chain, account.address),
    readToken(stack, chain, 'PTT', account.address),
    readToken(stack, chain, 'USDC', account.address),
  ])
  expect([floor3(eth, 18), floor3(ptt, 18), floor3(usdc, 6)]).toEqual(['2.500', '1,234.567', '987.654'])

  await useDevWallet(context, stack, account)
  const demo = new DemoPage(page)
  await demo.goto()
  await demo.connectDevWallet()
  await demo.openAccount()

  const tokens = demo.dialog.getByRole('tabpanel', { name: 'Tokens' })
  const row = (name: string, quantity: string, symbol: string, value: number) =>
    tokens.getByRole('listitem', { name: `${name}, ${quantity} ${symbol}, ${usd(value)}` })
  await expect(row('Ether', floor3(eth, 18), 'ETH', Number(formatUnits(eth, 18)) * PRICE.ETH)).toBeVisible()
  await expect(
    row('Portico Test Token', floor3(ptt, 18), 'PTT', Number(formatUnits(ptt, 18)) * PRICE.PTT),
  ).toBeVisible()
  await expect(
    row('Test USD Coin', floor3(usdc, 6), 'USDC', Number(formatUnits(usdc, 6)) * PRICE.USDC),
  ).toBeVisible()
  await expect(tokens.getByRole('listitem')).toHaveCount(3)
  await expect(tokens).not.toContainText('JUNK')
  // The header's native balance is the chain's too.
  await expect(demo.dialog.getByRole('paragraph')).toContainText([`${floor3(eth, 18)} ETH`])

  await demo.dialog.getByRole('tab', { name: 'NFTs' }).click()
  await expect(demo.dialog.getByRole('tabpanel', { name: 'NFTs' })).toContainText('No NFTs yet')
})

test('API stopped: toast Token Balance Unavailable, no crash; back after the 30 s retry block', async ({
  page,
  context,
  stack,
  requests,
}) => {
  test.setTimeout(90_000)
  const [chainA, chainB] = stack.chains
  if (!chainA || !chainB) throw new Error('stack.json lacks chains')
  const api = await ownApi(stack)
  try {
    const account = freshAccount()
    await setEth(chainA, account.address, parseEther('1'))
    await setEth(chainB, account.address, parseEther('2'))
    await mintToken(stack, chainA, 'USDC', account.address, '50')
    await page.clock.install()
    await useDevWallet(context, stack, account)

    const demo = new DemoPage(page)
    const toast = page.getByRole('status', { name: 'Notifications' })
    const tokens = demo.dialog.getByRole('tabpanel', { name: 'Tokens' })
    const reopen = async () => {
      await page.keyboard.press('Escape')
      await expect(demo.dialog).toBeHidden()
      await demo.openAccount()
    }
    const balanceCalls = () =>
      requests.filter((url) => url.startsWith(`${api.url}/v1/account/`) && url.includes('/balance'))

    await test.step('the API is down from the start: the toast, and the chain’s native balance', async () => {
      await demo.goto(`?apiUrl=${encodeURIComponent(api.url)}`)
      await demo.connectDevWallet()
      await expect(toast).toContainText('Token Balance Unavailable')
      await demo.openAccount()
      await expect(tokens.getByRole('listitem', { name: 'Ether, 1.000 ETH' })).toBeVisible()
    })

    await test.step('the API is back: the next open lists the tokens', async () => {
      await api.start()
      await reopen()
      await expect(tokens.getByRole('listitem', { name: 'Test USD Coin, 50.000 USDC, $50.00' })).toBeVisible()
      await expect(tokens.getByRole('listitem', { name: 'Ether, 1.000 ETH, $3,000.00' })).toBeVisible()
    })

    await test.step('the API stops again: a network switch shows the toast and the native balance', async () => {
      // The first step's toast must be gone, or the check below could pass on it instead of on this failure.
      await expect(toast).not.toContainText('Token Balance Unavailable')
      await api.stop()
      await demo.dialog.getByRole('button', { name: `${chainA.name} Switch network` }).click()
      await page
        .getByRole('dialog', { name: 'Choose Network' })
        .getByRole('button', { name: chainB.name })
        .click()
      await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
      await expect(toast).toContainText('Token Balance Unavailable')
      await expect(tokens.getByRole('listitem', { name: 'Ether, 2.000 ETH' })).toBeVisible()
      // The client retries a refused GET 3 times (150/300/600 ms): let that failure finish before the API returns.
      await networkQuiet(page, 1_500)
    })

    await test.step('within 30 s of the failure no balance call is made (behaviour §4), after it the list is back', async () => {
      await api.start()
      const before = balanceCalls().length
      await reopen()
      await networkQuiet(page)
      expect(balanceCalls()).toHaveLength(before)
      await expect(tokens.getByRole('listitem', { name: 'Ether, 2.000 ETH' })).toBeVisible()
      await page.clock.fastForward('00:31')
      await reopen()
      await expect(tokens.getByRole('listitem', { name: 'Ether, 2.000 ETH, $6,000.00' })).toBeVisible()
      expect(balanceCalls().length).toBeGreaterThan(before)
    })
  } finally {
    await api.dispose()
  }
})
