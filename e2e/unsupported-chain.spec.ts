import type { Page } from '@playwright/test'
import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'

// Read-only (no transactions): shares account 8 with the a11y spec safely; each context has its own wallet state.
const ACCOUNT = 8

test.use({ wallet: { account: ACCOUNT } })

/** Moves the injected wallet to another chain before the app connects, as a visitor's wallet might be. */
function walletSwitchTo(page: Page, chainId: number): Promise<unknown> {
  return page.evaluate(async (id) => {
    type Provider = { request(args: { method: string; params?: unknown }): Promise<unknown> }
    const provider = await new Promise<Provider>((resolve) => {
      window.addEventListener(
        'eip6963:announceProvider',
        (event) => resolve((event as CustomEvent<{ provider: Provider }>).detail.provider),
        { once: true },
      )
      window.dispatchEvent(new Event('eip6963:requestProvider'))
    })
    return provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: `0x${id.toString(16)}` }],
    })
  }, chainId)
}

test('a wallet on a chain the app did not request gets UnsupportedChain; back is blocked; switching recovers', async ({
  page,
  stack,
}) => {
  const [chainA, chainB] = stack.chains
  if (!chainA || !chainB) throw new Error('stack.json lacks chains')
  const demo = new DemoPage(page)
  await demo.goto(`?chains=${chainA.chainId}`)
  await walletSwitchTo(page, chainB.chainId)

  await demo.openConnect()
  await demo.walletButton().click()
  const unsupported = page.getByRole('dialog', { name: 'Switch Network' })
  await expect(unsupported).toBeVisible()
  await expect(unsupported.getByText('This app doesn’t support your current network')).toBeVisible()
  await expect(unsupported.getByRole('button', { name: 'Back' })).toHaveCount(0)
  await expect(unsupported.getByRole('button', { name: chainB.name })).toHaveCount(0)

  await unsupported.getByRole('button', { name: chainA.name }).click()
  await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
  await expect.poll(() => demo.status()).toMatchObject({ Status: 'connected', Network: chainA.name })
})

test('after connecting, the wallet moving by itself to a chain the app did not request shows UnsupportedChain', async ({
  page,
  stack,
}) => {
  const [chainA, chainB] = stack.chains
  if (!chainA || !chainB) throw new Error('stack.json lacks chains')
  const demo = new DemoPage(page)
  await demo.goto(`?chains=${chainA.chainId}`)
  await demo.connectDevWallet()
  await expect.poll(() => demo.status()).toMatchObject({ Status: 'connected', Network: chainA.name })

  // The dev wallet switches chain on its own (chainChanged), with the modal closed.
  await walletSwitchTo(page, chainB.chainId)
  const unsupported = page.getByRole('dialog', { name: 'Switch Network' })
  await expect(unsupported).toBeVisible()
  await expect(unsupported.getByText('This app doesn’t support your current network')).toBeVisible()
  await expect(unsupported.getByRole('button', { name: 'Back' })).toHaveCount(0)

  // The wallet moves back by itself: the view gives way to Account.
  await walletSwitchTo(page, chainA.chainId)
  await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
  await expect.poll(() => demo.status()).toMatchObject({ Status: 'connected', Network: chainA.name })
})
