import { formatEth, readBalance, truncate } from './chain.ts'
import { DemoPage } from './demo.ts'
import { expect, networkQuiet, test } from './fixtures.ts'

const ACCOUNT = 5

test.use({ wallet: { account: ACCOUNT } })

const isReceiveRemote = (url: string) => new URL(url).pathname.startsWith('/plugins/receive/')

test('with ?features=receive:false the receive remote is never requested and there is no Receive', async ({
  page,
  requests,
}) => {
  const demo = new DemoPage(page)
  await demo.goto('?features=receive:false')
  await demo.connectDevWallet()
  await demo.openAccount()
  await expect(demo.dialog.getByRole('button', { name: 'Disconnect' })).toBeVisible()
  // Let anything the open started finish (a remote would be requested on first open).
  await networkQuiet(page)

  await expect(demo.dialog.getByRole('button', { name: 'Receive' })).toHaveCount(0)
  expect(requests.filter(isReceiveRemote)).toEqual([])
})

test('a broken plugin URL leaves the modal working without Receive and logs an error naming it', async ({
  page,
  stack,
}) => {
  const { address = '0x' } = stack.accounts[ACCOUNT] ?? {}
  const chainA = stack.chains[0]
  if (!chainA) throw new Error('stack.json lacks chains')
  const consoleErrors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text())
  })
  const broken = `${stack.pluginBaseUrl}/nope/remoteEntry.js`

  const demo = new DemoPage(page)
  await demo.goto(`?plugin.receive=${encodeURIComponent(broken)}`)
  await demo.connectDevWallet()
  await demo.openAccount()

  const balance = formatEth(await readBalance(chainA.rpcUrl, address))
  await expect(demo.dialog.getByRole('paragraph')).toContainText([truncate(address), balance])
  await expect.poll(() => consoleErrors.find((text) => /plugin\W+receive/i.test(text))).toBeTruthy()
  await expect(demo.dialog.getByRole('button', { name: 'Receive' })).toHaveCount(0)

  await demo.dialog.getByRole('button', { name: 'Disconnect' }).click()
  await expect(page.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
  await expect.poll(() => demo.status()).toMatchObject({ Status: 'disconnected' })
})
