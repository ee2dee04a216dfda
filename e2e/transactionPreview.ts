import type { Page } from '@playwright/test'
import { expect } from './fixtures.ts'

/**
 * The kernel's transaction preview (Review request) that now stands between a send or swap and the
 * external wallet: checks it describes what the spec expects, then presses Continue. Every text in
 * `shows` must be in the preview (an ETH send shows "−1.25 ETH" as "You send").
 */
export async function continuePreview(page: Page, shows: (string | RegExp)[] = []): Promise<void> {
  const review = page.getByRole('dialog', { name: 'Review request' })
  const continueButton = review.getByRole('button', { name: 'Continue' })
  await expect(continueButton).toBeEnabled()
  for (const text of shows) await expect(review).toContainText(text)
  await continueButton.click()
}
