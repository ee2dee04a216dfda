import type { Page } from '@playwright/test'
import { formatEth, readBalance, setBalance } from './chain.ts'
import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'

const ACCOUNT = 6

test.use({ wallet: { account: ACCOUNT } })

/** Asks the injected wallet itself (over EIP-6963) which chain it is on. */
function walletChainId(page: Page): Promise<number> {
  return page.evaluate(async () => {
    type Provider = { request(args: { method: string }): Promise<unknown> }
    const provider = await new Promise<Provider>((resolve) => {
      window.addEventListener(
        'eip6963:announceProvider',
        (event) => resolve((event as CustomEvent<{ provider: Provider }>).detail.provider),
        { once: true },
      )
      window.dispatchEvent(new Event('eip6963:requestProvider'))
    })
    return Number(await provider.request({ method: 'eth_chainId' }))
  })
}

test('switching to Portico Devnet B switches the wallet and shows that chain’s balance', async ({
  page,
  stack,
}) => {
  const { address = '0x' } = stack.accounts[ACCOUNT] ?? {}
  const [chainA, chainB] = stack.chains
  if (!chainA || !chainB) throw new Error('stack.json lacks chains')
  await setBalance(chainA.rpcUrl, address, '5000.0005')
  await setBalance(chainB.rpcUrl, address, '77.7777')
  const balanceA = formatEth(await readBalance(chainA.rpcUrl, address))
  const balanceB = formatEth(await readBalance(chainB.rpcUrl, address))
  expect(balanceB).not.toBe(balanceA)

  const demo = new DemoPage(page)
  await demo.goto()
  await demo.connectDevWallet()
  await demo.openAccount()
  await expect(demo.dialog.getByRole('paragraph')).toContainText([balanceA])
  expect(await walletChainId(page)).toBe(chainA.chainId)

  await demo.dialog.getByRole('button', { name: `${chainA.name} Switch network` }).click()
  const networks = page.getByRole('dialog', { name: 'Choose Network' })
  await expect(networks).toBeVisible()
  await networks.getByRole('button', { name: chainB.name }).click()

  await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
  await expect(demo.dialog.getByRole('button', { name: `${chainB.name} Switch network` })).toBeVisible()
  await expect(demo.dialog.getByRole('paragraph')).toContainText([balanceB])
  await expect.poll(() => walletChainId(page)).toBe(chainB.chainId)
  await expect.poll(() => demo.status()).toMatchObject({ Network: chainB.name, Balance: balanceB })
})
