import { keccak256, parseEther, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { settle, viewSteps } from '../scripts/lib/screenshotViews.ts'
import { setEth, useDevWallet } from './accountData.ts'
import { dialogAxeViolations } from './axe.ts'
import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'

// Visual regression: every view of the modal (the walk scripts/screenshots.ts takes too), dark and light,
// on a laptop and on a phone, compared with the screenshots kept in e2e/screenshots/ (the README shows
// some); and axe-core finds nothing in any of them. After a change of look: `npx playwright test -c e2e/playwright.config.ts e2e/visual.spec.ts
// --update-snapshots`, then review the images in the diff.

/** A fixed key: the address, its avatar and its balance are the same on every run. */
const privateKey = keccak256(toHex('portico visual regression'))
const account = { privateKey, address: privateKeyToAccount(privateKey).address }
const SIZES = [
  { name: 'laptop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const

for (const theme of ['dark', 'light'] as const) {
  test(`every view of the modal, ${theme}, on a laptop and a phone, as kept in e2e/screenshots; axe finds nothing`, async ({
    page,
    context,
    stack,
  }) => {
    test.setTimeout(180_000)
    const [chainA] = stack.chains
    const solana = stack.solana.accounts[0]?.walletConfig.solana
    if (!chainA || !solana) throw new Error('stack.json lacks chain A or a Solana account')
    await setEth(chainA, account.address, parseEther('1.2345'))
    // The dev wallet as an extension offering EVM and Solana (the walk chooses among its networks).
    await useDevWallet(context, stack, account, { solana })
    const demo = new DemoPage(page)
    await page.setViewportSize(SIZES[0])
    await demo.goto()
    // The demo starts dark; its toggle sets the modal's theme.
    if (theme === 'light') await page.getByRole('button', { name: 'Switch to light theme' }).click()
    for (const step of viewSteps(`visual-${theme}@portico.test`)) {
      await test.step(step.name, async () => {
        await step.show(page)
        expect.soft(await dialogAxeViolations(page), `axe, ${step.name}, ${theme}`).toEqual([])
        for (const size of SIZES) {
          await page.setViewportSize(size)
          await settle(page)
          await expect(demo.dialog).toHaveScreenshot(`${step.name}-${theme}-${size.name}.png`, {
            mask: step.mask?.(page) ?? [],
          })
        }
        await page.setViewportSize(SIZES[0])
        await settle(page)
      })
    }
  })
}
