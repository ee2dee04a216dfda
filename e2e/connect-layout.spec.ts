import type { Locator, Page } from '@playwright/test'
import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'
import { WALLETCONNECT, WalletConnectPage } from './walletconnect/page.ts'

/**
 * Parts of the Connect view arrive after it opens: the email and social sections (their plugins load
 * then) and the directory's wallets. When they arrive, nothing the visitor may be pointing at moves:
 * the sections' place is kept, and the dialog grows downward instead of re-centring.
 * Their requests are held until the first measurement, so they surely arrive after it.
 */
test.use({ reducedMotion: 'reduce' })

const ACCOUNT = 8

async function hold(page: Page, held: string[]): Promise<() => void> {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(
    (url) => held.some((prefix) => url.href.startsWith(prefix)),
    async (route) => {
      await released
      await route.continue()
    },
  )
  return release
}

async function box(locator: Locator) {
  const rect = await locator.boundingBox()
  if (!rect) throw new Error('the element has no box')
  return rect
}

const pluginFiles = (pluginBaseUrl: string) => [`${pluginBaseUrl}/email/`, `${pluginBaseUrl}/socials/`]

/**
 * The open's first paint is drawn from the page's own code (`data-first-paint`); the kernel then renders
 * the view in its place (new rows at the same boxes). Boxes are measured on the kernel's rows.
 */
async function kernelView(demo: DemoPage) {
  await expect(demo.dialog.locator('[data-first-paint]')).toHaveCount(0)
}

async function expectStillAfterSections(demo: DemoPage, row: Locator, release: () => void) {
  await kernelView(demo)
  const before = await box(row)
  await expect(demo.dialog.locator('.pt-method-pending')).toHaveCount(2)
  release()
  await expect(demo.dialog.getByRole('textbox', { name: 'Email' })).toBeVisible()
  const socials = demo.dialog.getByRole('region', { name: 'Social login' })
  await expect(socials).toBeVisible()
  await expect(demo.dialog.locator('.pt-method-pending')).toHaveCount(0)
  // The demo page styles every `section` (border, padding): that must not reach the modal's. Polled: the
  // section painted from the plugin's preview is replaced by the plugin's own once its code has loaded.
  await expect
    .poll(() =>
      socials.evaluate((section) => {
        const style = getComputedStyle(section)
        return [style.paddingTop, style.borderTopWidth]
      }),
    )
    .toEqual(['0px', '0px'])
  const after = await box(row)
  expect(Math.abs(after.y - before.y)).toBeLessThanOrEqual(1)
  expect(after.x).toBe(before.x)
}

test('no browser wallet: the email and social sections take their kept place; WalletConnect does not move', async ({
  page,
  stack,
}) => {
  const release = await hold(page, pluginFiles(stack.pluginBaseUrl))
  const demo = new DemoPage(page)
  await demo.goto()
  await demo.openConnect()
  const row = demo.walletButton(WALLETCONNECT)
  await expect(row).toBeVisible()
  await expect(demo.dialog.getByRole('textbox', { name: 'Email' })).toHaveCount(0)
  await expectStillAfterSections(demo, row, release)
})

test.describe('with a browser wallet', () => {
  test.use({ wallet: { account: ACCOUNT } })

  test('the directory’s wallets arrive below the installed one and the dialog grows downward: the wallet does not move', async ({
    page,
    stack,
  }) => {
    const release = await hold(page, [`${stack.apiUrl}/getWallets`])
    const demo = new DemoPage(page)
    // Without the email and social sections the dialog is short enough to grow (not at its max height).
    await demo.goto('?features=email:false,socials:false')
    await demo.openConnect()
    const row = demo.walletButton()
    await expect(row).toBeVisible()
    await kernelView(demo)
    const wallets = demo.dialog.getByRole('list', { name: 'Wallets' }).getByRole('listitem')
    const shownFirst = await wallets.count()
    const dialogBefore = await box(demo.dialog)
    const before = await box(row)
    release()
    await expect.poll(() => wallets.count()).toBeGreaterThan(shownFirst)
    // Grown, and the height animation is off (reduced motion): the boxes are final.
    await expect.poll(async () => (await box(demo.dialog)).height).toBeGreaterThan(dialogBefore.height)
    expect((await box(demo.dialog)).y).toBe(dialogBefore.y)
    expect(await box(row)).toEqual(before)
  })
})

test('WalletConnect: Copy link does not move when the QR code is drawn (the pending code keeps its box)', async ({
  page,
}) => {
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  // The QR encoder's chunk is held: the pairing uri (and Copy link) is there before its code is drawn.
  await page.route(/\/qr-encoder\.[0-9a-f]+\.js$/, async (route) => {
    await released
    await route.continue()
  })
  const demo = new WalletConnectPage(page)
  await demo.goto()
  await demo.chooseWalletConnect()
  await expect(demo.copyLink).toBeVisible()
  await expect(demo.qrCode).toHaveCount(0)
  const before = await box(demo.copyLink)
  release()
  await expect(demo.qrCode).toBeVisible()
  expect(await box(demo.copyLink)).toEqual(before)
})
