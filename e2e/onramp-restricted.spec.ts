import type { Page } from '@playwright/test'
import { freshAccount, useDevWallet } from './accountData.ts'
import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'
import type { StackInfo } from './stackInfo.ts'

// behaviour §9 restricted time zones: the browser's time zone (Playwright's timezoneId) decides whether the
// Account view offers Buy. A fresh viem key per test; no chain state is needed.

async function walletFeatures(page: Page, stack: StackInfo) {
  await useDevWallet(page.context(), stack, freshAccount())
  const demo = new DemoPage(page)
  await demo.goto()
  await demo.connectDevWallet()
  await demo.openAccount()
  const features = demo.dialog.getByRole('navigation', { name: 'Wallet features' })
  // The row has rendered its other features, so a missing Buy is withheld, not still loading.
  await expect(features.getByRole('button', { name: 'Send' })).toBeVisible()
  return features
}

test.describe('in Asia/Shanghai', () => {
  test.use({ timezoneId: 'Asia/Shanghai' })

  test('the Account view offers no Buy', async ({ page, stack }) => {
    expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Asia/Shanghai')
    const features = await walletFeatures(page, stack)
    await expect(features.getByRole('button', { name: 'Buy' })).toHaveCount(0)
  })
})

test.describe('in Europe/Berlin', () => {
  test.use({ timezoneId: 'Europe/Berlin' })

  test('the Account view offers Buy', async ({ page, stack }) => {
    const features = await walletFeatures(page, stack)
    await expect(features.getByRole('button', { name: 'Buy' })).toBeVisible()
  })
})
