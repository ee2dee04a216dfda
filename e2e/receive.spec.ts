import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'

const ACCOUNT = 3

test.use({ wallet: { account: ACCOUNT } })

test('Receive loads from the plugins origin and shows the address and its QR code', async ({
  page,
  stack,
  requests,
}) => {
  const address = stack.accounts[ACCOUNT]?.address ?? ''
  const demo = new DemoPage(page)
  await demo.goto()
  await demo.connectDevWallet()
  await demo.openAccount()
  await demo.dialog
    .getByRole('navigation', { name: 'Wallet features' })
    .getByRole('button', { name: 'Receive' })
    .click()

  const receive = page.getByRole('dialog', { name: 'Receive' })
  await expect(receive).toBeVisible()
  await expect(receive.getByRole('img', { name: 'QR code of your address' })).toBeVisible()
  await expect(receive.getByText(address, { exact: true })).toBeVisible()

  const pageOrigin = new URL(page.url()).origin
  const pluginsOrigin = new URL(stack.pluginsUrl).origin
  expect(pluginsOrigin).not.toBe(pageOrigin)
  const remote = requests.filter((url) => new URL(url).pathname.startsWith('/plugins/receive/'))
  const entry = remote.filter((url) => new URL(url).pathname === '/plugins/receive/remoteEntry.js')
  expect(entry.length).toBeGreaterThan(0)
  expect(remote.map((url) => new URL(url).origin)).toEqual(remote.map(() => pluginsOrigin))
})
