import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'

// No wallet and no chain state: the page only loads (no dev account needed).

test('a Telegram mini-app return: result_uri is read, then removed from the address (behaviour §2)', async ({
  page,
}) => {
  const demo = new DemoPage(page)
  const resultUri = 'https://t.me/portico_bot/app?startapp=done'
  await demo.goto(`?keep=1&result_uri=${encodeURIComponent(resultUri)}#top`)
  await expect.poll(() => new URL(page.url()).searchParams.has('result_uri')).toBe(false)
  const address = new URL(page.url())
  expect(address.searchParams.get('keep')).toBe('1')
  expect(address.hash).toBe('#top')
  // The modal still works after the return.
  await demo.openConnect()
  // replaceState, not pushState: no history entry with the parameter is left to go back to.
  await page.goBack()
  expect(page.url()).not.toContain('result_uri')
})

test('a Telegram mini app signs in with Google without a popup: the page goes to the IdP and comes back connected', async ({
  page,
}) => {
  test.setTimeout(60_000)
  // The Telegram webview's object: what the socials plugin (and the kernel) recognise a mini app by.
  await page.addInitScript(() => {
    Object.assign(window, { Telegram: { WebApp: {} } })
  })
  const demo = new DemoPage(page)
  const popups: string[] = []
  page.on('popup', (popup) => popups.push(popup.url()))
  await demo.goto('?keep=1')
  await demo.openConnect()
  await demo.dialog
    .getByRole('region', { name: 'Social login' })
    .getByRole('button', { name: 'Continue with Google' })
    .click()
  // The mini app itself is at the dev IdP now.
  await expect(page.getByRole('heading', { name: 'Sign in with Google' })).toBeVisible()
  await page.getByLabel('Email').fill('telegram-google@portico.dev')
  await page.getByLabel('Username').fill('e2e_telegram')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  // The frame's callback page sent it back with result_uri; the socials plugin finished the login.
  await expect(demo.accountButton).toBeVisible()
  await expect.poll(async () => (await demo.status()).Address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  const address = new URL(page.url())
  expect(address.searchParams.has('result_uri')).toBe(false)
  expect(address.searchParams.get('keep')).toBe('1')
  expect(popups).toEqual([])
})
