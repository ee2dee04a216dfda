import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { formatEth, readBalance, truncate } from './chain.ts'
import { DEV_WALLET } from './demo.ts'
import { expect, networkQuiet, test } from './fixtures.ts'

const ACCOUNT = 9

/** axe's findings on the whole page, one line each: rule and targets. */
const axeViolations = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target)}`,
  )

test.use({ wallet: { account: ACCOUNT } })

/** The German form of the behaviour §5 balance: same floored digits, German separators. */
const germanDigits = (english: string) =>
  english.replace(/[,.]/g, (separator) => (separator === ',' ? '.' : ','))

test('the plain-HTML host: <portico-button> opens the modal, connects the dev wallet and shows the account', async ({
  page,
  stack,
}) => {
  const address = (stack.accounts[ACCOUNT]?.address ?? '') as `0x${string}`
  const chain = stack.chains[0]
  if (!address || !chain) throw new Error('stack.json lacks account or chain')
  const localeChunks: string[] = []
  page.on('request', (request) => {
    if (/portico-locale-/.test(request.url())) localeChunks.push(request.url())
  })
  await page.goto(stack.vanillaUrl)
  const status = page.getByRole('main').getByRole('status')
  await expect(status).toHaveText('Not connected')
  const button = page.locator('portico-button')
  await expect(button).toHaveAttribute('status', 'disconnected')

  await page.getByRole('button', { name: 'Connect Wallet', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('list', { name: 'Wallets' }).getByRole('button', { name: DEV_WALLET }).click()

  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(status).toHaveText(`Connected: ${address}`)
  const balance = formatEth(await readBalance(chain.rpcUrl, address))
  const account = page.getByRole('button', {
    name: `Open account ${truncate(address)} · ${balance}`,
    exact: true,
  })
  await expect(account).toHaveText(`${truncate(address)} · ${balance}`)
  await expect(button).toHaveAttribute('status', 'connected')
  await expect(button).toHaveAttribute('address', address)
  await account.click()
  await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
  // English is bundled: no catalogue chunk was fetched on the way.
  await networkQuiet(page)
  expect(localeChunks).toEqual([])
})

test('?locale=de: the German catalogue chunk loads, and the button and the modal speak German', async ({
  page,
  stack,
}) => {
  const address = (stack.accounts[ACCOUNT]?.address ?? '') as `0x${string}`
  const chain = stack.chains[0]
  if (!address || !chain) throw new Error('stack.json lacks account or chain')
  const germanChunk = page.waitForRequest(/portico-locale-de\.[0-9a-f]+\.js$/)
  await page.goto(`${stack.vanillaUrl}?locale=de`)
  await germanChunk
  await page.getByRole('button', { name: 'Wallet verbinden', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Wallet verbinden' })
  await expect(dialog.getByRole('button', { name: 'Schließen' })).toBeVisible()
  // The modal says which language it speaks (lang="de" inside an English page), and axe finds nothing.
  await expect(page.locator('[data-portico]')).toHaveAttribute('lang', 'de')
  await expect(
    dialog.getByRole('list', { name: 'Wallets' }).getByRole('button', { name: DEV_WALLET }),
  ).toBeVisible()
  expect(await axeViolations(page)).toEqual([])
  await dialog.getByRole('list', { name: 'Wallets' }).getByRole('button', { name: DEV_WALLET }).click()
  await expect(page.getByRole('dialog')).toBeHidden()
  const balance = germanDigits(formatEth(await readBalance(chain.rpcUrl, address)))
  await expect(
    page.getByRole('button', { name: `Konto öffnen ${truncate(address)} · ${balance}`, exact: true }),
  ).toBeVisible()
})

test('?locale=ar: the modal is written right to left; rows mirror, axe finds nothing', async ({
  page,
  stack,
}) => {
  const arabicChunk = page.waitForRequest(/portico-locale-ar\.[0-9a-f]+\.js$/)
  await page.goto(`${stack.vanillaUrl}?locale=ar`)
  await arabicChunk
  await page.getByRole('button', { name: 'ربط المحفظة', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'ربط المحفظة' })
  await expect(dialog.getByRole('button', { name: 'إغلاق' })).toBeVisible()
  const root = page.locator('[data-portico]')
  await expect(root).toHaveAttribute('lang', 'ar')
  await expect(root).toHaveAttribute('dir', 'rtl')
  // The row reads from the right: the wallet's icon is at its right edge, its name to the icon's left.
  const row = dialog.getByRole('list', { name: 'المحافظ' }).getByRole('button', { name: DEV_WALLET })
  await expect(row).toBeVisible()
  const [rowBox, iconBox, nameBox] = await Promise.all([
    row.boundingBox(),
    row.locator('img, .pt-item-icon').first().boundingBox(),
    row.getByText(DEV_WALLET, { exact: true }).boundingBox(),
  ])
  if (!rowBox || !iconBox || !nameBox) throw new Error('the wallet row is not laid out')
  expect(rowBox.x + rowBox.width - (iconBox.x + iconBox.width)).toBeLessThan(24)
  expect(nameBox.x + nameBox.width).toBeLessThanOrEqual(iconBox.x)
  expect(await axeViolations(page)).toEqual([])
})

test('under a strict style-src CSP and Trusted Types the modal loads its chunks and is styled', async ({
  page,
  stack,
  cspViolations,
}) => {
  await page.goto(new URL('csp.html', stack.vanillaUrl).href)
  await page.getByRole('button', { name: 'Connect Wallet', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await expect(dialog).toBeVisible()
  // The kernel stylesheet applies: the overlay is fixed and the dialog has its width (behaviour-reference modal width).
  await expect(page.locator('.pt-overlay')).toHaveCSS('position', 'fixed')
  await expect(dialog).toHaveCSS('width', '360px')
  await expect(page.locator('portico-button')).toHaveAttribute('status', 'disconnected')
  // The standalone build's chunks came through its Trusted Types policy: nothing was blocked.
  const status = page.getByRole('status').filter({ hasText: /Nothing blocked|Blocked/ })
  await expect(status).toHaveText('Nothing blocked')
  // Trusted Types is enforced on this page: markup as a plain string is refused, and reported.
  expect(
    await page.evaluate(() => {
      try {
        document.body.insertAdjacentHTML('beforeend', '<b>x</b>')
        return 'allowed'
      } catch (error) {
        return (error as Error).name
      }
    }),
  ).toBe('TypeError')
  await expect(status).toHaveText('Blocked: require-trusted-types-for')
  // Caught by the page and by the suite's CSP fixture; the test's own violation is checked here.
  await expect
    .poll(() => cspViolations.map((violation) => /: (\S+) blocked/.exec(violation)?.[1]))
    .toEqual(['require-trusted-types-for'])
  cspViolations.length = 0
})
