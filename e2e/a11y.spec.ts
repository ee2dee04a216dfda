import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'

test.use({ wallet: { account: 8 } })

/** axe-core over the whole page; violations listed by rule and element for a readable failure. */
async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }))
}

test('axe-core finds no violations on the Connect view', async ({ page }) => {
  const demo = new DemoPage(page)
  await demo.goto()
  await demo.openConnect()
  await expect(demo.walletButton()).toBeVisible()
  await demo.settle()
  expect(await violations(page)).toEqual([])
})

test('axe-core finds no violations on the Account view', async ({ page }) => {
  const demo = new DemoPage(page)
  await demo.goto()
  await demo.connectDevWallet()
  await demo.openAccount()
  await expect(demo.dialog.getByRole('paragraph')).toContainText([/ETH$/])
  await demo.settle()
  expect(await violations(page)).toEqual([])
})
