import type { Locator, Page } from '@playwright/test'
import { freshAccount, useDevWallet } from './accountData.ts'
import { DEV_WALLET, DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'

// The wallet directory is the stack's own API (services/api, its generated 320-wallet catalogue):
// nothing here is mocked. Each test injects the dev wallet with an account of its own.

interface WalletsPage {
  data: { id: string; name: string; rdns?: string | null }[]
  count: number
}

const isWalletsCall = (url: string, page: number) => {
  const parsed = new URL(url)
  return (
    parsed.pathname === '/getWallets' &&
    parsed.searchParams.get('page') === String(page) &&
    parsed.searchParams.get('entries') === '40'
  )
}

async function openAllWallets(demo: DemoPage): Promise<{ dialog: Locator; list: Locator }> {
  await demo.openConnect()
  const entry = demo.dialog
    .getByRole('list', { name: 'Wallets' })
    .getByRole('button', { name: /^All Wallets/ })
  // The entry carries the directory's count once the first lists arrived.
  await expect(entry).toHaveText(/^All Wallets\d+\+?$/)
  await entry.click()
  const dialog = demo.page.getByRole('dialog', { name: 'All Wallets' })
  await expect(dialog).toBeVisible()
  const list = dialog.getByRole('list', { name: 'All wallets' })
  await expect(list).toBeVisible()
  return { dialog, list }
}

/**
 * Wheel over the list (each wheel scrolls the list, not the page) until `target` is rendered. The
 * check reads the page, not a response event the test may learn of a wheel or two late; and a wheel
 * (300 px, under 5 rows) that still slips in after the rows arrived keeps the first new row within
 * the list's overscan, so it cannot scroll it out of the DOM.
 */
async function scrollUntil(page: Page, list: Locator, target: Locator): Promise<void> {
  await list.hover()
  for (let i = 0; i < 60 && (await target.count()) === 0; i++) {
    await page.mouse.wheel(0, 300)
    await page.waitForTimeout(100)
  }
}

test.beforeEach(async ({ context, stack }) => {
  await useDevWallet(context, stack, freshAccount())
})

test('All Wallets: 40 a page, the 41st wallet appears after scrolling; the list stays virtualised', async ({
  page,
}) => {
  const demo = new DemoPage(page)
  await demo.goto()
  const firstPage = page.waitForResponse((response) => isWalletsCall(response.url(), 1))
  const { list } = await openAllWallets(demo)
  const first = await firstPage
  const pageOne = (await first.json()) as WalletsPage
  expect(pageOne.data).toHaveLength(40)
  expect(pageOne.count).toBeGreaterThan(80)
  // Same query, next page: what the list must show once scrolled.
  const nextUrl = new URL(first.url())
  nextUrl.searchParams.set('page', '2')
  const pageTwo = (await (await fetch(nextUrl)).json()) as WalletsPage
  const wallet41 = pageTwo.data[0]?.name
  if (!wallet41) throw new Error('the directory has no second page')

  await expect(list.getByRole('button', { name: pageOne.data[1]?.name ?? '', exact: true })).toBeVisible()
  // The installed dev wallet is marked, and listed once.
  await expect(list.getByRole('button', { name: new RegExp(`^${DEV_WALLET}`) })).toHaveText(
    `${DEV_WALLET}Installed`,
  )
  await expect(list.getByRole('button', { name: wallet41, exact: true })).toHaveCount(0)
  expect(await list.getByRole('listitem').count()).toBeLessThan(20)

  // Every list page the view fetches, counted as its answer arrives.
  const pagesAnswered = new Set<number>([1])
  page.on('response', (response) => {
    for (const n of [2, 3, 4]) if (isWalletsCall(response.url(), n)) pagesAnswered.add(n)
  })
  const secondPage = page.waitForResponse((response) => isWalletsCall(response.url(), 2))
  await scrollUntil(page, list, list.getByRole('button', { name: wallet41, exact: true }))
  await secondPage
  await expect(list.getByRole('button', { name: wallet41, exact: true })).toBeVisible()
  expect(await list.getByRole('listitem').count()).toBeLessThan(25)
  // The list says its full size: the installed wallet and every page it loaded. (The wheel's smooth
  // scroll can carry on after the second page arrives and reach the third: one more page, same rule.)
  await expect
    .poll(async () => {
      const size = await list.getByRole('listitem').first().getAttribute('aria-setsize')
      return size === String(1 + 40 * pagesAnswered.size)
        ? 'the loaded size'
        : `${size} for ${pagesAnswered.size} pages`
    })
    .toBe('the loaded size')

  // A directory wallet that is not installed opens WalletConnect with that wallet.
  await list.getByRole('button', { name: wallet41, exact: true }).click()
  await expect(page.getByRole('dialog', { name: 'WalletConnect' })).toBeVisible()
  // The view's title names it (a wallet with app links also gets an 'Open <name>' button).
  await expect(page.getByRole('dialog').getByText(`Continue in ${wallet41}`, { exact: true })).toBeVisible()
})

test('All Wallets search: trimmed, filters by name; a name that matches nothing says so', async ({
  page,
}) => {
  const demo = new DemoPage(page)
  await demo.goto()
  const { dialog, list } = await openAllWallets(demo)
  const search = dialog.getByRole('textbox', { name: 'Search wallet' })
  await expect(search).toBeFocused()

  const searched = page.waitForRequest((request) => new URL(request.url()).searchParams.has('search'))
  await search.fill('  portico DEV ')
  const query = new URL((await searched).url()).searchParams
  expect(query.get('search')).toBe('portico DEV')
  expect(query.get('entries')).toBe('100')
  await expect(dialog.getByRole('status').filter({ hasText: 'wallet found' })).toHaveText('1 wallet found')
  const results = dialog.getByRole('list', { name: 'All wallets' })
  await expect(results.getByRole('button')).toHaveText([`${DEV_WALLET}Installed`])

  await search.fill('zzzz no such wallet')
  await expect(dialog.getByText('No wallet found')).toBeVisible()
  await expect(dialog.getByText('No wallet matches “zzzz no such wallet”. Try another name.')).toBeVisible()
  await expect(results).toHaveCount(0)

  // Cleared: the full list again. By keyboard: Tab into the list, arrows between rows, Enter on the
  // installed dev wallet connects it (ConnectingExternal).
  await search.fill('')
  await expect(list).toBeVisible()
  const rows = list.getByRole('button')
  await page.keyboard.press('Tab')
  await expect(rows.first()).toBeFocused()
  await expect(rows.first()).toHaveText(`${DEV_WALLET}Installed`)
  await page.keyboard.press('ArrowDown')
  await expect(rows.nth(1)).toBeFocused()
  await page.keyboard.press('ArrowUp')
  await expect(rows.first()).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(demo.dialog).toBeHidden()
  await expect(demo.accountButton).toBeVisible()
})

test('recent wallets: after connecting the dev wallet, the Connect view shows it first under Recent', async ({
  page,
}) => {
  const demo = new DemoPage(page)
  await demo.goto()
  const tracked = page.waitForRequest(
    (request) => new URL(request.url()).pathname === '/e' && request.method() === 'POST',
  )
  await demo.connectDevWallet()

  // Remembered (behaviour §3, key @portico/recent_wallets) as the directory's entry for its RDNS (once the
  // directory's lists are in, when the click came before them).
  const recent = async () =>
    JSON.parse((await demo.porticoStorage())['@portico/recent_wallets'] ?? '[]') as {
      id: string
      wallet: { name: string; rdns?: string }
    }[]
  await expect.poll(async () => (await recent())[0]?.id).toMatch(/^[0-9a-f]{64}$/)
  const stored = await recent()
  expect(stored).toHaveLength(1)
  expect(stored[0]?.wallet).toMatchObject({ name: DEV_WALLET, rdns: 'dev.portico.wallet' })
  // And the connection was reported to the analytics sink.
  expect((await tracked).postDataJSON()).toMatchObject({
    props: { event: 'CONNECT_SUCCESS', properties: { method: 'browser', name: DEV_WALLET } },
  })

  await demo.openAccount()
  await demo.dialog.getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(demo.dialog).toBeHidden()

  await page.reload()
  await expect(demo.connectButton).toBeVisible()
  await demo.openConnect()
  const wallets = demo.dialog.getByRole('list', { name: 'Wallets' }).getByRole('button')
  await expect(wallets.first()).toHaveText(`${DEV_WALLET}Recent`)
  // Listed once: not again among the installed or recommended wallets.
  await expect(wallets.filter({ hasText: DEV_WALLET })).toHaveCount(1)
  await wallets.first().click()
  await expect(demo.dialog).toBeHidden()
  await expect(demo.accountButton).toBeVisible()
})
