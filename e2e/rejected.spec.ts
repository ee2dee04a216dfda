import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'

test.use({ wallet: { account: 2, autoReject: ['eth_requestAccounts'] } })

test('a declined connection shows "Connection declined" and "Try again", and stores nothing', async ({
  page,
}) => {
  const demo = new DemoPage(page)
  await demo.goto()
  await demo.openConnect()
  // The connect methods are painted from their manifests (the email field among them); a plugin whose code
  // loads when the browser is idle (socials) may register its connectors during the attempt, and that
  // must store nothing either: the snapshot is taken once the view is painted.
  await expect(demo.dialog.getByRole('textbox', { name: /email/i })).toBeVisible()
  const before = await demo.porticoStorage()
  expect(Object.keys(before)).not.toContain('@portico/plugin_connectors')
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
