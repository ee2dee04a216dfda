import { parseEther } from 'viem'
import { freshAccount, setEth, useDevWallet } from './accountData.ts'
import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'

// Accounts: a fresh key funded with anvil_setBalance (every dev account index is taken).
const PROJECT = 'portico-dev'
const SESSION_KEY = '@portico/plugin/siwx/session'

test('a connection restored on reload without a session asks to sign in before any open, and signing stores a verified session', async ({
  page,
  stack,
}) => {
  const chain = stack.chains[0]
  if (!chain) throw new Error('stack.json lacks a chain')
  const account = freshAccount()
  await setEth(chain, account.address, parseEther('1'))
  await useDevWallet(page.context(), stack, account)
  const demo = new DemoPage(page)
  const signIn = page.getByRole('dialog', { name: 'Sign In' })
  await demo.goto('?features=siwx:true')
  await demo.openConnect()
  await demo.walletButton().click()
  await expect(signIn).toBeVisible()

  await test.step('cancelling (not required) leaves the account connected without a session', async () => {
    await signIn.getByRole('button', { name: 'Cancel' }).click()
    await expect(demo.dialog).toBeHidden()
    await expect.poll(() => demo.status()).toMatchObject({ Status: 'connected', 'Sign-in': '—' })
    expect((await demo.porticoStorage())[SESSION_KEY]).toBeUndefined()
  })

  await test.step('reload: the connection is restored and the sign view opens by itself', async () => {
    await page.reload()
    await expect(signIn).toBeVisible()
    await expect(signIn.getByRole('region', { name: 'Message to sign' })).toContainText(account.address)
    await signIn.getByRole('button', { name: 'Sign' }).click()
    await expect(demo.dialog).toBeHidden()
    await expect.poll(() => demo.status()).toMatchObject({ Status: 'connected', 'Sign-in': 'Signed in' })
  })

  const stored = JSON.parse((await demo.porticoStorage())[SESSION_KEY] ?? 'null') as { token?: string } | null
  const session = await page.request.post(`${stack.apiUrl}/v1/siwx/session?projectId=${PROJECT}`, {
    data: { token: stored?.token },
  })
  expect(session.status()).toBe(200)
  expect((await session.json()).caipAddress).toBe(`eip155:${chain.chainId}:${account.address}`)
})
