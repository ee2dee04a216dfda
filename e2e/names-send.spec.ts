import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { registrationMessage } from '../plugins/names/src/names.ts'
import { type FreshAccount, freshAccount, readEth, readNonce, setEth, useDevWallet } from './accountData.ts'
import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'
import type { StackInfo } from './stackInfo.ts'
import { continuePreview } from './transactionPreview.ts'

// Accounts: fresh keys per test (funded by anvil_setBalance), so no dev account index is shared.
const PROJECT = 'portico-dev'
const uniqueName = () => `e2e-${randomBytes(5).toString('hex')}.reown.id`

/** Registers `name` for `account` on the stack's chain through the API, as the names plugin does. */
async function register(stack: StackInfo, account: FreshAccount, name: string): Promise<void> {
  const chain = stack.chains[0]
  if (!chain) throw new Error('stack.json lacks chains')
  const signer = privateKeyToAccount(account.privateKey)
  const message = registrationMessage({
    name,
    chainId: chain.chainId,
    domain: new URL(stack.demoUrl).host,
    nowMs: Date.now(),
  })
  const res = await fetch(`${stack.apiUrl}/v1/profile/account?projectId=${PROJECT}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      coin_type: (chain.chainId | 0x80000000) >>> 0,
      address: signer.address,
      message,
      signature: await signer.signMessage({ message }),
    }),
  })
  expect(res.status).toBe(200)
}

/** Connects the dev wallet signing as `sender`; the header's account button is returned. */
async function connect(page: Page, stack: StackInfo, sender: FreshAccount) {
  await useDevWallet(page.context(), stack, sender)
  const demo = new DemoPage(page)
  await demo.goto()
  await demo.openConnect()
  await demo.walletButton().click()
  await expect(demo.dialog).toBeHidden()
  return demo
}

async function openSend(page: Page, accountButton: ReturnType<Page['getByRole']>) {
  await accountButton.click()
  const account = page.getByRole('dialog', { name: 'Account' })
  await account
    .getByRole('navigation', { name: 'Wallet features' })
    .getByRole('button', { name: 'Send' })
    .click()
  const send = page.getByRole('dialog', { name: 'Send' })
  await expect(send.getByRole('textbox', { name: 'Amount' })).toBeVisible()
  return send
}

test('send to a name: the demo header shows the sender’s name; the name resolves to its address, which receives the ETH', async ({
  page,
  stack,
}) => {
  const chain = stack.chains[0]
  if (!chain) throw new Error('stack.json lacks chains')
  const sender = freshAccount()
  const receiver = freshAccount()
  const senderName = uniqueName()
  const receiverName = uniqueName()
  await setEth(chain, sender.address, parseEther('10'))
  await register(stack, sender, senderName)
  await register(stack, receiver, receiverName)
  await connect(page, stack, sender)

  // The header names the account instead of showing its address.
  const accountButton = page.getByRole('button', { name: new RegExp(`^Open account ${senderName} · `) })
  await expect(accountButton).toBeVisible()

  const send = await openSend(page, accountButton)
  await send.getByRole('textbox', { name: 'Amount' }).fill('0.5')
  await send.getByRole('textbox', { name: 'Receiver address or name' }).fill(receiverName.toUpperCase())
  await send.getByRole('button', { name: 'Preview send' }).click()

  const review = page.getByRole('dialog', { name: 'Review Send' })
  await expect(review.getByText(`To ${receiverName}`)).toBeVisible()
  await expect(review.getByRole('definition')).toContainText(['0.5 ETH', receiver.address, chain.name])
  await review.getByRole('button', { name: 'Send', exact: true }).click()
  await continuePreview(page, ['−0.5 ETH'])
  await expect(page.getByRole('status', { name: 'Notifications' })).toContainText('Transaction started')
  await expect.poll(() => readEth(chain, receiver.address)).toBe(parseEther('0.5'))
})

test('an unknown name and a malformed one: a clear message, nothing is sent', async ({ page, stack }) => {
  const chain = stack.chains[0]
  if (!chain) throw new Error('stack.json lacks chains')
  const sender = freshAccount()
  await setEth(chain, sender.address, parseEther('1'))
  const demo = await connect(page, stack, sender)
  const send = await openSend(page, demo.accountButton)
  await send.getByRole('textbox', { name: 'Amount' }).fill('0.1')
  const receiverField = send.getByRole('textbox', { name: 'Receiver address or name' })

  const unknown = uniqueName()
  await receiverField.fill(unknown)
  await send.getByRole('button', { name: 'Preview send' }).click()
  await expect(send.getByRole('alert')).toHaveText(`${unknown} is not a registered name`)

  await receiverField.fill('bob')
  await expect(send.getByText(/or a name such as alice\.reown\.id$/)).toBeVisible()

  await expect(page.getByRole('dialog', { name: 'Review Send' })).toHaveCount(0)
  expect(await readNonce(chain, sender.address)).toBe(0)
})
