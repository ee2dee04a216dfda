import AxeBuilder from '@axe-core/playwright'
import type { Locator, Page } from '@playwright/test'
import { parseEther, parseUnits } from 'viem'
import { type FreshAccount, freshAccount, readEth, setEth, useDevWallet } from './accountData.ts'
import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'
import type { StackInfo } from './stackInfo.ts'

// Accounts: a fresh viem key per test, given 1 ETH by anvil_setBalance (no dev account is used).
// The provider page is services/onramp on its own origin; its treasury pays on the devnet.

async function openBuy(page: Page, stack: StackInfo, buyer: FreshAccount) {
  await useDevWallet(page.context(), stack, buyer)
  const demo = new DemoPage(page)
  await demo.goto()
  await demo.connectDevWallet()
  await demo.openAccount()
  await demo.dialog
    .getByRole('navigation', { name: 'Wallet features' })
    .getByRole('button', { name: 'Buy' })
    .click()
  const buy = page.getByRole('dialog', { name: 'Buy crypto' })
  await expect(buy.getByRole('combobox', { name: 'Token' })).toBeVisible()
  return { demo, buy }
}

/** Opens a listbox of the Buy view and chooses an option by its name. */
async function pick(buy: Locator, listbox: string, option: string) {
  await buy.getByRole('combobox', { name: listbox }).click()
  await buy.getByRole('listbox', { name: listbox }).getByRole('option', { name: option, exact: true }).click()
  await expect(buy.getByRole('combobox', { name: listbox })).toHaveText(option)
}

/** The options of a Buy view listbox, read with the keyboard's open and close. */
async function optionsOf(buy: Locator, listbox: string): Promise<string[]> {
  const control = buy.getByRole('combobox', { name: listbox })
  await control.focus()
  await control.press('ArrowDown')
  const texts = await buy.getByRole('listbox', { name: listbox }).getByRole('option').allInnerTexts()
  await control.press('Escape')
  await expect(control).toHaveAttribute('aria-expanded', 'false')
  return texts
}

/** Chooses a provider's quote and returns the provider page the modal opened (a popup, no opener). */
async function choose(page: Page, buy: Locator, provider: string) {
  const popup = page.waitForEvent('popup')
  await buy.getByRole('button', { name: new RegExp(`^Buy with ${provider}`) }).click()
  const provide = await popup
  await expect(provide.getByRole('heading', { name: provider })).toBeVisible()
  expect(await provide.evaluate(() => window.opener)).toBeNull()
  expect(new URL(provide.url()).origin).not.toBe(new URL(page.url()).origin)
  return provide
}

async function payByCard(provider: Page, number: string) {
  const form = provider.getByRole('form', { name: 'Pay by card' })
  await form.getByRole('textbox', { name: 'Card number' }).fill(number)
  await form.getByRole('textbox', { name: 'Expiry (MM/YY)' }).fill('12/39')
  await form.getByRole('textbox', { name: 'CVC' }).fill('123')
  await form.getByRole('button', { name: /^Pay / }).click()
}

/** The provider page's order summary as { term: definition }. */
async function orderOf(provider: Page): Promise<Record<string, string>> {
  const terms = await provider.getByRole('term').allInnerTexts()
  const definitions = await provider.getByRole('definition').allInnerTexts()
  return Object.fromEntries(terms.map((term, i) => [term.trim(), (definitions[i] ?? '').trim()]))
}

test('buy ETH by test card: both quotes, the provider page, the ETH lands from the treasury and shows in Activity', async ({
  page,
  stack,
}) => {
  test.setTimeout(90_000)
  const chain = stack.chains[0]
  if (!chain) throw new Error('stack.json lacks chains')
  const buyer = freshAccount()
  await setEth(chain, buyer.address, parseEther('1'))
  const { demo, buy } = await openBuy(page, stack, buyer)

  await buy.getByRole('textbox', { name: 'Amount (USD)' }).fill('150')
  await expect(
    buy.getByRole('button', { name: /^Buy with Portico Pay\s*You get 0\.\d+ ETH · Fees \$2\.75$/ }),
  ).toBeVisible()
  await expect(
    buy.getByRole('button', { name: /^Buy with Demo Ramp\s*You get 0\.\d+ ETH · Fees \$3\.25$/ }),
  ).toBeVisible()

  const provider = await choose(page, buy, 'Portico Pay')
  await expect(buy.getByRole('status').filter({ hasText: 'Complete' })).toContainText(
    'Complete the payment in the Portico Pay window',
  )
  const order = await orderOf(provider)
  expect(order).toMatchObject({ 'You pay': '150.00 USD', 'Destination address': buyer.address })
  const receive = order['You receive'] ?? ''
  const bought = parseEther(receive.replace(/ ETH$/, ''))
  expect(bought).toBeGreaterThan(0n)

  await payByCard(provider, '4242 4242 4242 4242')
  await expect(provider.getByRole('status')).toContainText(
    `Payment complete: ${receive} sent to ${buyer.address}`,
  )
  await expect.poll(() => readEth(chain, buyer.address)).toBe(parseEther('1') + bought)

  await test.step('the purchase is listed by the on-ramp history (onramp parameter)', async () => {
    await buy.getByRole('button', { name: 'Refresh purchases' }).click()
    await expect(buy.getByRole('list', { name: 'Your purchases' })).toContainText(
      `Bought ${receive} with Portico Pay`,
    )
  })

  await test.step('and the delivery shows in Activity', async () => {
    await buy.getByRole('button', { name: 'Back' }).click()
    await demo.dialog.getByRole('tab', { name: 'Activity' }).click()
    const activity = demo.dialog.getByRole('tabpanel', { name: 'Activity' })
    const shown = receive.replace(/^(\d+\.\d{3})\d*/, '$1')
    await expect(async () => {
      await demo.dialog.getByRole('tab', { name: 'Tokens' }).click()
      await demo.dialog.getByRole('tab', { name: 'Activity' }).click()
      await expect(
        activity.getByRole('listitem', { name: new RegExp(`^Received, \\+${shown.replace('.', '\\.')}, `) }),
      ).toBeVisible({ timeout: 2_000 })
    }).toPass({ timeout: 20_000 })
  })
})

test('a declined card shows its message and nothing lands; the test card then pays USDC', async ({
  page,
  stack,
}) => {
  test.setTimeout(60_000)
  const chain = stack.chains[0]
  if (!chain) throw new Error('stack.json lacks chains')
  const buyer = freshAccount()
  await setEth(chain, buyer.address, parseEther('1'))
  const { buy } = await openBuy(page, stack, buyer)
  await pick(buy, 'Token', 'USDC')
  const preset = buy.getByRole('group', { name: 'Amount presets' }).getByRole('button', { name: '$50.00' })
  await preset.click()
  await expect(buy.getByRole('textbox', { name: 'Amount (USD)' })).toHaveValue('50')
  await expect(preset).toHaveAttribute('aria-pressed', 'true')
  await expect(buy.getByRole('button', { name: /^Buy with Demo Ramp\s*You get 48\.75 USDC/ })).toBeVisible()
  const provider = await choose(page, buy, 'Demo Ramp')

  await payByCard(provider, '4000 0000 0000 0002')
  await expect(provider.getByRole('alert')).toHaveText('Your card was declined. Try another card.')
  const usdc = stack.fixtures[chain.chainId]?.tokens.USDC
  if (!usdc) throw new Error('no USDC fixture')
  const { readToken } = await import('./accountData.ts')
  expect(await readToken(stack, chain, 'USDC', buyer.address)).toBe(0n)
  expect(await readEth(chain, buyer.address)).toBe(parseEther('1'))

  await payByCard(provider, '4242 4242 4242 4242')
  await expect(provider.getByRole('status')).toContainText('Payment complete: 48.75 USDC')
  await expect.poll(() => readToken(stack, chain, 'USDC', buyer.address)).toBe(parseUnits('48.75', 6))
})

test('on-ramp service down: the built-in sample options and placeholder quotes (behaviour §8)', async ({
  page,
  stack,
}) => {
  const chain = stack.chains[0]
  if (!chain) throw new Error('stack.json lacks chains')
  const buyer = freshAccount()
  await setEth(chain, buyer.address, parseEther('1'))
  // Fault injection: the API's on-ramp routes fail at the network level (the rest of the API works).
  await page.route('**/v1/onramp/**', (route) => route.abort('connectionrefused'))
  const { buy } = await openBuy(page, stack, buyer)
  await expect(buy.getByRole('status').filter({ hasText: 'sample' })).toHaveText(
    'Showing sample options: the on-ramp service could not be reached.',
  )
  expect(await optionsOf(buy, 'Token')).toEqual(['USDC', 'ETH'])
  expect(await optionsOf(buy, 'Currency')).toEqual(['USD', 'EUR'])
  expect(await optionsOf(buy, 'Payment method')).toEqual(['Card', 'Bank account (ACH)'])
  await expect(
    buy.getByRole('button', {
      name: 'Buy with Portico Pay Quote unavailable: the provider shows the final amount',
    }),
  ).toBeVisible()
  await expect(buy.getByRole('button', { name: /^Buy with Demo Ramp\s*Quote unavailable/ })).toBeVisible()
})

test('axe-core finds no violations on the Buy view and the provider page', async ({ page, stack }) => {
  const chain = stack.chains[0]
  if (!chain) throw new Error('stack.json lacks chains')
  const buyer = freshAccount()
  await setEth(chain, buyer.address, parseEther('1'))
  const { demo, buy } = await openBuy(page, stack, buyer)
  await expect(buy.getByRole('button', { name: /^Buy with Demo Ramp\s*You get/ })).toBeVisible()
  await demo.settle()
  const violations = async (target: Page) =>
    (await new AxeBuilder({ page: target }).analyze()).violations.map((v) => ({
      rule: v.id,
      targets: v.nodes.map((node) => node.target.join(' ')),
    }))
  expect(await violations(page)).toEqual([])
  const provider = await choose(page, buy, 'Demo Ramp')
  expect(await violations(provider)).toEqual([])
})
