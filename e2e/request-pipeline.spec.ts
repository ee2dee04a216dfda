import { parseEther, verifyMessage } from 'viem'
import { freshAccount, setEth, useDevWallet } from './accountData.ts'
import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'

// Account: a fresh key funded with anvil_setBalance (every dev account index is taken by another spec).
// Must match hosts/demo/src/RpcPanel.tsx.
const PROVIDER_MESSAGE = 'Signed through getProvider()'

test('eth_sign is refused by the kernel; personal_sign through getProvider() is signed by the wallet', async ({
  page,
  stack,
}) => {
  const chain = stack.chains[0]
  if (!chain) throw new Error('stack.json lacks a chain')
  const account = freshAccount()
  await setEth(chain, account.address, parseEther('1'))
  await useDevWallet(page.context(), stack, account)
  const demo = new DemoPage(page)
  await demo.goto()
  await demo.connectDevWallet()
  const rpc = page.getByRole('region', { name: 'RPC requests' })

  await test.step('eth_sign: the modal opens, shows Action not allowed, the promise is rejected', async () => {
    await rpc.getByRole('button', { name: 'Call eth_sign' }).click()
    await expect(demo.dialog).toBeVisible()
    await expect(page.getByText('Action not allowed')).toBeVisible()
    await expect(rpc.getByRole('status', { name: 'eth_sign result' })).toHaveText(
      'rejected: Requested RPC call is not allowed (code 4200)',
    )
    await page.keyboard.press('Escape')
    await expect(demo.dialog).toBeHidden()
  })

  await test.step('personal_sign through getProvider(): a signature viem verifies for the account', async () => {
    await rpc.getByRole('button', { name: 'Sign with getProvider' }).click()
    const output = rpc.getByRole('status', { name: 'getProvider signature' })
    await expect(output).toHaveText(/^0x[0-9a-f]{130}$/)
    const signature = (await output.innerText()) as `0x${string}`
    expect(await verifyMessage({ address: account.address, message: PROVIDER_MESSAGE, signature })).toBe(true)
  })
})
