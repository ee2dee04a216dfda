import type { Locator, Page } from '@playwright/test'
import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'

/**
 * On a phone (under 600 px wide) the modal is a bottom sheet: full width, anchored to the bottom, its
 * content scrolling inside so the email section below the wallets is reachable; dragging its handle
 * down closes it. With a browser wallet the wallets come first (connect-method order), so the email
 * field starts lower than the sheet shows.
 */
test.use({ wallet: { account: 8 }, viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' })

async function box(locator: Locator) {
  const rect = await locator.boundingBox()
  if (!rect) throw new Error('the element has no box')
  return rect
}

/** The grip is a pointer shortcut only (keyboard users have Escape and Close), so it has no role. */
const handleOf = (demo: DemoPage) => demo.dialog.locator('.pt-sheet-handle')

async function drag(page: Page, handle: Locator, by: number) {
  const start = await box(handle)
  const x = start.x + start.width / 2
  const y = start.y + start.height / 2
  await page.mouse.move(x, y)
  await page.mouse.down()
  await page.mouse.move(x, y + by, { steps: 8 })
  await page.mouse.up()
}

test('the Connect view is a bottom sheet: full width, at the bottom, the email field reachable inside it', async ({
  page,
}) => {
  const demo = new DemoPage(page)
  await demo.goto()
  await demo.openConnect()
  await expect(demo.walletButton()).toBeVisible()
  const email = demo.dialog.getByRole('textbox', { name: 'Email' })
  await expect(email).toBeAttached()
  // Measured once every section has arrived: the socials, the plugins' own views, and the directory's
  // recommended wallets with the All Wallets count (one answer). The sheet grows upward as they do; one
  // measured before the directory answered was 294 px shorter than the sheet the scroll then saw.
  await expect(demo.dialog.getByRole('region', { name: 'Social login' })).toBeVisible()
  await expect(demo.dialog.locator('[data-first-paint], .pt-method-pending')).toHaveCount(0)
  await expect(demo.dialog.getByRole('button', { name: /^All Wallets \d+\+?$/ })).toBeVisible()
  const sheet = await box(demo.dialog)
  expect(sheet.x).toBe(0)
  expect(sheet.width).toBe(390)
  expect(Math.abs(sheet.y + sheet.height - 844)).toBeLessThanOrEqual(1)
  expect(sheet.y).toBeGreaterThanOrEqual(24)
  // Reached by scrolling inside the sheet: the sheet itself stays where it is.
  await email.scrollIntoViewIfNeeded()
  await expect(email).toBeInViewport({ ratio: 1 })
  await email.fill('visitor@example.com')
  await expect(email).toHaveValue('visitor@example.com')
  expect(await box(demo.dialog)).toEqual(sheet)
  await expect(demo.dialog.getByRole('button', { name: 'Continue with Google' })).toBeAttached()
  // Reduced motion: the sheet does not slide in.
  expect(await demo.dialog.evaluate((element) => getComputedStyle(element).animationName)).toBe('none')
})

test('dragging the handle down closes the sheet; a short drag puts it back', async ({ page }) => {
  const demo = new DemoPage(page)
  await demo.goto()
  await demo.openConnect()
  const handle = handleOf(demo)
  await expect(handle).toBeVisible()
  // Measured once every section and the directory's answer have arrived (the sheet grows upward as they do).
  await expect(demo.dialog.getByRole('region', { name: 'Social login' })).toBeVisible()
  await expect(demo.dialog.locator('[data-first-paint], .pt-method-pending')).toHaveCount(0)
  await expect(demo.dialog.getByRole('button', { name: /^All Wallets \d+\+?$/ })).toBeVisible()
  const sheet = await box(demo.dialog)
  await drag(page, handle, 20)
  await expect(demo.dialog).toBeVisible()
  await expect.poll(() => box(demo.dialog)).toEqual(sheet)
  await drag(page, handle, 260)
  await expect(demo.dialog).toBeHidden()
  await expect(demo.connectButton).toBeFocused()
})

test('on a laptop the modal stays a centred card without a handle', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  const demo = new DemoPage(page)
  await demo.goto()
  await demo.openConnect()
  await expect(demo.walletButton()).toBeVisible()
  await expect(handleOf(demo)).toBeHidden()
  const card = await box(demo.dialog)
  expect(card.width).toBe(360)
  expect(Math.abs(card.x + card.width / 2 - 640)).toBeLessThanOrEqual(1)
  // The email field is in sight without scrolling: the wallets come first, but each wallet is one row.
  await expect(demo.dialog.getByRole('textbox', { name: 'Email' })).toBeInViewport({ ratio: 1 })
})
