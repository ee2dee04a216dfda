import { DEV_WALLET } from './demo.ts'
import { expect, test } from './fixtures.ts'

const ACCOUNT = 9

test.use({ wallet: { account: ACCOUNT } })

test('the plain-HTML host opens the modal and connects the dev wallet', async ({ page, stack }) => {
  const address = stack.accounts[ACCOUNT]?.address ?? ''
  await page.goto(stack.vanillaUrl)
  const status = page.getByRole('main').getByRole('status')
  await expect(status).toHaveText('Not connected')

  await page.getByRole('button', { name: 'Connect Wallet', exact: true }).click()
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('list', { name: 'Wallets' }).getByRole('button', { name: DEV_WALLET }).click()

  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(status).toHaveText(`Connected: ${address}`)
})
