import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'

test.use({ wallet: { account: 2, autoReject: ['eth_requestAccounts'] } })

test('a declined connection shows "Connection declined" and "Try again", and stores nothing', async ({
  page,
}) => {
  const demo = new DemoPage(page)
  await demo.goto()
  await demo.openConnect()
  // The first open loads the plugins, which record their connectors and hooks (plugin registries, not
  // the attempt's): the snapshot is taken once they are in, shown by the email plugin's field.
  await expect(demo.dialog.getByRole('textbox', { name: /email/i })).toBeVisible()
  await expect
    .poll(async () => Object.keys(await demo.porticoStorage()))
    .toContain('@portico/plugin_connectors')
  const before = await demo.porticoStorage()
  await demo.walletButton().click()

  await expect(demo.dialog.getByText('Connection declined', { exact: true })).toBeVisible()
  await expect(demo.dialog.getByRole('alert')).not.toBeEmpty()
  await expect(demo.dialog.getByRole('button', { name: 'Try again' })).toBeVisible()

  const stored = await demo.porticoStorage()
  expect(stored['@portico/connection_status']).not.toBe('connected')
  expect(Object.keys(stored).filter((key) => key.includes('connected_connector_id'))).toEqual([])
  expect(stored, 'no Portico key written by the declined attempt').toEqual(before)
  expect((await demo.status()).Status).not.toBe('connected')

  await test.step('Try again after the user accepts in the wallet connects', async () => {
    await page.evaluate(() => {
      const config = (window as { __PORTICO_DEV_WALLET__?: { autoReject?: string[] } }).__PORTICO_DEV_WALLET__
      if (config) config.autoReject = []
    })
    await demo.dialog.getByRole('button', { name: 'Try again' }).click()
    await expect(demo.dialog).toBeHidden()
    await expect.poll(() => demo.status()).toMatchObject({ Status: 'connected' })
  })
})
