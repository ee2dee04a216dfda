/**
 * Email login on Solana (SPEC §3: the auth connector supports eip155 and solana): the modal connects the
 * embedded wallet's Solana account beside its eip155 one; a Solana message is approved inside the auth
 * frame and its signature verifies with ed25519 (Node's own) against the Solana address.
 */
import { createPublicKey, verify } from 'node:crypto'
import type { Page } from '@playwright/test'
import { mailboxCode, walletApproval } from './authFrame.ts'
import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'

// No injected wallet: the embedded wallet's keys are made by the auth frame per email.
test.describe.configure({ timeout: 90_000 })

/** hosts/demo's message. */
const SIGN_MESSAGE = 'Hello from the Portico demo'
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/

const uniqueEmail = () => `solana-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@portico.test`

/** Base58 (Bitcoin alphabet) → bytes, written here so the check does not reuse the kernel's codec. */
function base58ToBytes(text: string): Uint8Array {
  const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
  let value = 0n
  for (const char of text) {
    const digit = alphabet.indexOf(char)
    if (digit < 0) throw new Error(`not base58: ${text}`)
    value = value * 58n + BigInt(digit)
  }
  const hex =
    value === 0n ? '' : value.toString(16).padStart(Math.ceil(value.toString(16).length / 2) * 2, '0')
  const leadingZeros = text.length - text.replace(/^1+/, '').length
  return Uint8Array.from([...new Array(leadingZeros).fill(0), ...Buffer.from(hex, 'hex')])
}

/** ed25519 with Node's OpenSSL: the public key is the Solana address itself. */
function verifySolanaSignature(message: string, signatureBase58: string, address: string): boolean {
  const key = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(base58ToBytes(address)).toString('base64url') },
    format: 'jwk',
  })
  return verify(null, Buffer.from(message, 'utf8'), key, base58ToBytes(signatureBase58))
}

/** The demo's account button, for any address (DemoPage's expects an 0x one). */
const accountButton = (page: Page) => page.getByRole('button', { name: /^Open account / })

test('email login on Solana signs a message verified with ed25519', async ({ page, stack }) => {
  const chainA = stack.chains[0]
  if (!chainA) throw new Error('stack.json lacks a chain')
  const { name: solanaName, networkId } = stack.solana
  const demo = new DemoPage(page)
  await demo.goto()

  await test.step('email → code from the dev mailbox → connected (eip155)', async () => {
    const email = uniqueEmail()
    const sentAfter = Date.now() - 1_000
    await demo.openConnect()
    await demo.dialog.getByLabel('Email').fill(email)
    await demo.dialog.getByRole('button', { name: 'Continue', exact: true }).click()
    await expect(page.getByRole('dialog', { name: 'Confirm Email' })).toBeVisible()
    await demo.dialog.getByLabel('Verification code').fill(await mailboxCode(stack, email, sentAfter))
    await expect(demo.dialog).toBeHidden()
    await expect(demo.accountButton).toBeVisible()
    await expect
      .poll(() => demo.status())
      .toMatchObject({ Status: 'connected', Wallet: 'Email', Address: expect.stringMatching(/^0x/) })
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
