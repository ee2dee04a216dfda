/**
 * Email login on Solana (behaviour §3: the auth connector supports eip155 and solana): the modal connects the
 * embedded wallet's Solana account beside its eip155 one; a Solana message is approved inside the auth
 * frame and its signature verifies with ed25519 (Node's own) against the Solana address.
 */
import type { Page } from '@playwright/test'
import { emailLogin, walletApproval } from './authFrame.ts'
import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'
import { base58ToBytes, verifySolanaSignature } from './solanaSignature.ts'

// No injected wallet: the embedded wallet's keys are made by the auth frame per email.
test.describe.configure({ timeout: 90_000 })

/** hosts/demo's message. */
const SIGN_MESSAGE = 'Hello from the Portico demo'
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

/** The demo's account button, for any address (DemoPage's expects an 0x one). */
const accountButton = (page: Page) => page.getByRole('button', { name: /^Open account / })

test('email login on Solana signs a message verified with ed25519', async ({ page, stack }) => {
  const chainA = stack.chains[0]
  if (!chainA) throw new Error('stack.json lacks a chain')
  const { name: solanaName, networkId } = stack.solana
  const demo = new DemoPage(page)

  await test.step('email → code from the dev mailbox → connected (eip155)', async () => {
    await emailLogin(page, stack)
    await expect.poll(() => demo.status()).toMatchObject({ Status: 'connected', Wallet: 'Email' })
  })

  let solanaAddress = ''
  await test.step('Networks → the Solana network: the embedded Solana account, no new connection', async () => {
    const stored = await demo.porticoStorage()
    expect(stored['@portico/solana:connected_connector_id']).toBe('ID_AUTH')
    await accountButton(page).click()
    await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
    await demo.dialog.getByRole('button', { name: `${chainA.name} Switch network` }).click()
    const networks = page.getByRole('dialog', { name: 'Choose Network' })
    await expect(networks).toBeVisible()
    await expect(networks.getByRole('button', { name: solanaName })).not.toContainText('Connect a wallet')
    await networks.getByRole('button', { name: solanaName }).click()
    await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(demo.dialog).toBeHidden()
    await expect
      .poll(() => demo.status())
      .toMatchObject({
        Status: 'connected',
        Wallet: 'Email',
        Network: solanaName,
        Address: expect.stringMatching(BASE58),
      })
    solanaAddress = (await demo.status()).Address ?? ''
    expect((await demo.porticoStorage())['@portico/active_caip_network_id']).toBe(networkId)
  })

  await test.step('Sign Solana message: approved in the frame, the ed25519 signature verifies', async () => {
    await page.getByRole('button', { name: 'Sign Solana message' }).click()
    const approve = page.getByRole('dialog', { name: 'Approve Transaction' })
    await expect(approve).toBeVisible()
    const wallet = walletApproval(page)
    await expect(wallet.getByRole('heading', { name: 'Sign a message' })).toBeVisible()
    await expect(wallet.getByText(SIGN_MESSAGE)).toBeVisible()
    await wallet.getByRole('button', { name: 'Approve' }).click()
    const output = page.getByRole('status', { name: 'Solana signature' })
    await expect(output).toHaveText(/^[1-9A-HJ-NP-Za-km-z]{64,90}$/)
    await expect(approve).toBeHidden()
    const signature = (await output.textContent()) ?? ''
    expect(base58ToBytes(signature)).toHaveLength(64)
    expect(verifySolanaSignature(SIGN_MESSAGE, signature, solanaAddress)).toBe(true)
    expect(verifySolanaSignature(`${SIGN_MESSAGE}!`, signature, solanaAddress)).toBe(false)
  })

  await test.step('reload: the Solana account restores through the frame, still active', async () => {
    await page.reload()
    await expect
      .poll(() => demo.status())
      .toMatchObject({ Status: 'connected', Address: solanaAddress, Network: solanaName })
  })

  await test.step('disconnect: both namespaces reset', async () => {
    await accountButton(page).click()
    await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
    await demo.dialog.getByRole('button', { name: 'Disconnect' }).click()
    await expect.poll(() => demo.status()).toMatchObject({ Status: 'disconnected', Address: '—' })
    const stored = await demo.porticoStorage()
    expect(Object.keys(stored).filter((key) => key.endsWith(':connected_connector_id'))).toEqual([])
  })
})
