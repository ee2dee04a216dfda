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
