import type { Locator } from '@playwright/test'
import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'

test.use({ wallet: { account: 4 } })

const backgroundOf = (dialog: Locator) =>
  dialog.evaluate((element) => getComputedStyle(element).backgroundColor)

/** Relative luminance (0 black … 1 white) of an `rgb(…)` / `rgba(…)` colour. */
function luminance(colour: string): number {
  const [r = 0, g = 0, b = 0] = (colour.match(/[\d.]+/g) ?? []).map(Number)
  const linear = (channel: number) => {
    const c = channel / 255
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

test('the page theme switch changes the modal colours', async ({ page }) => {
  const demo = new DemoPage(page)
  await demo.goto()
  await demo.openConnect()
  await demo.settle()
  const dark = await backgroundOf(demo.dialog)
  await demo.dialog.getByRole('button', { name: 'Close' }).click()
  await expect(demo.dialog).toBeHidden()

  await page.getByRole('button', { name: 'Switch to light theme' }).click()
  await expect(page.getByRole('button', { name: 'Switch to dark theme' })).toBeVisible()
  await demo.openConnect()
  await demo.settle()
  const light = await backgroundOf(demo.dialog)

  expect(light).not.toBe(dark)
  expect(luminance(light)).toBeGreaterThan(luminance(dark))
})
