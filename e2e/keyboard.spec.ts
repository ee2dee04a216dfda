import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'

test.use({ wallet: { account: 7 } })

test('keyboard only: Enter opens, Tab stays inside the dialog, Escape closes and focus returns', async ({
  page,
}) => {
  const demo = new DemoPage(page)
  await demo.goto()
  await demo.connectButton.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
  await expect(demo.walletButton()).toBeVisible()

  const focusInside = () => demo.dialog.evaluate((dialog) => dialog.contains(document.activeElement))
  expect(await focusInside()).toBe(true)
  const focusable = await page.evaluate(
    () => document.querySelectorAll('button, a[href], input, select, textarea, [tabindex]').length,
  )
  for (let i = 0; i < focusable + 3; i++) {
    await page.keyboard.press('Tab')
    expect(await focusInside(), `focus after Tab #${i + 1}`).toBe(true)
  }
  for (let i = 0; i < focusable + 3; i++) {
    await page.keyboard.press('Shift+Tab')
    expect(await focusInside(), `focus after Shift+Tab #${i + 1}`).toBe(true)
  }

  await page.keyboard.press('Escape')
  await expect(demo.dialog).toBeHidden()
  await expect(demo.connectButton).toBeFocused()
})
