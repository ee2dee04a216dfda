import { formatEth, readBalance, setBalance, truncate } from './chain.ts'
import { DEV_WALLET, DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'

const ACCOUNT = 1
const CONNECTOR_KEY = '@portico/eip155:connected_connector_id'

test.use({ wallet: { account: ACCOUNT } })

test('connect shows address and balance, a reload stays connected, disconnect clears storage', async ({
  page,
  stack,
}) => {
  const { address } = stack.accounts[ACCOUNT] ?? {}
  const chainA = stack.chains[0]
  if (!address || !chainA) throw new Error('stack.json lacks account or chain')
  // An uneven balance: flooring (not rounding) and grouping both show in the expected text.
  await setBalance(chainA.rpcUrl, address, '1234.56789')
  const balance = formatEth(await readBalance(chainA.rpcUrl, address))
  expect(balance).toBe('1,234.567 ETH')

  const demo = new DemoPage(page)
  await demo.goto()
  await expect.poll(() => demo.status()).toMatchObject({ Status: 'disconnected', Address: '—' })

  await test.step('Connect lists the dev wallet', async () => {
    await demo.openConnect()
    await expect(demo.walletButton()).toBeVisible()
    await expect(demo.walletButton()).toContainText('Installed')
  })

  await test.step('connect: truncated address and balance on the page, full address in the status', async () => {
    await demo.walletButton().click()
    await expect(demo.dialog).toBeHidden()
    await expect(demo.accountButton).toHaveAccessibleName(`Open account ${truncate(address)} · ${balance}`)
    await expect
      .poll(() => demo.status())
      .toMatchObject({
        Status: 'connected',
        Wallet: DEV_WALLET,
        Address: address,
        Network: chainA.name,
        Balance: balance,
      })
    const stored = await demo.porticoStorage()
    expect(stored).toMatchObject({ '@portico/connection_status': 'connected' })
    expect(stored[CONNECTOR_KEY]).toBeTruthy()
  })

  await test.step('the Account view shows the same', async () => {
    await demo.openAccount()
    await expect(demo.dialog.getByRole('paragraph')).toContainText([truncate(address), balance])
    await expect(demo.dialog.getByRole('tabpanel', { name: 'Tokens' })).toContainText(`Ether${balance}`)
    await page.keyboard.press('Escape')
    await expect(demo.dialog).toBeHidden()
  })

  await test.step('reload: still connected without clicking Connect', async () => {
    await page.reload()
    await expect.poll(() => demo.status()).toMatchObject({ Status: 'connected', Address: address })
    await expect(demo.accountButton).toHaveAccessibleName(`Open account ${truncate(address)} · ${balance}`)
    await expect(demo.connectButton).toHaveCount(0)
  })

  await test.step('disconnect from the Account view: keys cleared, Connect view shown', async () => {
    await demo.openAccount()
    await demo.dialog.getByRole('button', { name: 'Disconnect' }).click()
    await expect(page.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
    await expect(demo.walletButton()).toBeVisible()
    await expect
      .poll(() => demo.porticoStorage())
      .toMatchObject({ '@portico/connection_status': 'disconnected' })
    const stored = await demo.porticoStorage()
    expect(Object.keys(stored).filter((key) => key.endsWith(':connected_connector_id'))).toEqual([])
    await expect.poll(() => demo.status()).toMatchObject({ Status: 'disconnected', Address: '—' })
  })
})
