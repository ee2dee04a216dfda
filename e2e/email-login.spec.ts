import type { APIRequestContext, Page } from '@playwright/test'
import { publicClient } from './accountData.ts'
import { firstCodeBox, walletApproval } from './authFrame.ts'
import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'
import type { StackInfo } from './stackInfo.ts'

// Account: none of the dev accounts; the embedded wallet's keys are made by the auth frame per email.
// Must match hosts/demo/src/RpcPanel.tsx.
const PROVIDER_MESSAGE = 'Signed through getProvider()'

interface Mail {
  to: string
  subject: string
  code?: string
  link?: string
}

const uniqueEmail = (tag: string) =>
  `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@portico.test`

async function mails(request: APIRequestContext, stack: StackInfo, to: string): Promise<Mail[]> {
  const response = await request.get(`${stack.mailboxUrl}?to=${encodeURIComponent(to)}`)
  expect(response.ok()).toBe(true)
  return ((await response.json()) as { messages: Mail[] }).messages
}

/** Waits for the mail that follows `before` messages to `to` and returns it (newest first). */
async function nextMail(
  request: APIRequestContext,
  stack: StackInfo,
  to: string,
  before: number,
): Promise<Mail> {
  let latest: Mail | undefined
  await expect
    .poll(async () => {
      const list = await mails(request, stack, to)
      latest = list[0]
      return list.length
    })
    .toBeGreaterThan(before)
  if (!latest) throw new Error(`no mail to ${to}`)
  return latest
}

async function enterCode(page: Page, code: string | undefined) {
  if (!code) throw new Error('the mail has no code')
  await firstCodeBox(page.getByRole('dialog')).fill(code)
}

async function address(demo: DemoPage): Promise<string> {
  await expect.poll(async () => (await demo.status()).Address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  return (await demo.status()).Address ?? ''
}

test('email login: code from the dev mailbox, reload restores, ApproveTransaction, not allowed, email update, new device, account type', async ({
  page,
  request,
  stack,
  browser,
}) => {
  test.setTimeout(120_000)
  const chain = stack.chains[0]
  if (!chain) throw new Error('stack.json lacks a chain')
  const email = uniqueEmail('login')
  const demo = new DemoPage(page)
  await demo.goto()
  let wallet = ''

  await test.step('email → code from the mailbox → connected', async () => {
    await demo.openConnect()
    const before = (await mails(request, stack, email)).length
    await demo.dialog.getByLabel('Email').fill('not-an-email')
    await demo.dialog.getByRole('button', { name: 'Continue', exact: true }).click()
    await expect(demo.dialog.getByText('Invalid email. Try again.')).toBeVisible()
    await demo.dialog.getByLabel('Email').fill(email)
    await demo.dialog.getByRole('button', { name: 'Continue', exact: true }).click()
    await expect(page.getByRole('dialog', { name: 'Confirm Email' })).toBeVisible()
    const mail = await nextMail(request, stack, email, before)
    // Typed digit by digit: each box hands focus to the next, the sixth submits.
    await firstCodeBox(demo.dialog).click()
    await page.keyboard.type('000000')
    await expect(demo.dialog.getByRole('alert')).toBeVisible()
    await expect(firstCodeBox(demo.dialog)).toBeFocused()
    await enterCode(page, mail.code)
    await expect(demo.dialog).toBeHidden()
    await expect(demo.accountButton).toBeVisible()
    wallet = await address(demo)
    expect((await demo.status()).Wallet).toBe('Email')
    // The frame is the hidden full-page iframe of behaviour §2 on its own origin.
    const frame = page.locator(`iframe[src^="${new URL(stack.authFrameUrl).origin}"]`)
    await expect(frame).toHaveCount(1)
    await expect(frame).toHaveCSS('z-index', '999999')
  })

  await test.step('reload restores the session through the frame', async () => {
    await page.reload()
    await expect(demo.accountButton).toBeVisible()
    expect(await address(demo)).toBe(wallet)
  })

  const rpc = page.getByRole('region', { name: 'RPC requests' })
  await test.step('ApproveTransaction: approve → a signature the chain verifies for the account', async () => {
    await rpc.getByRole('button', { name: 'Sign with getProvider' }).click()
    const approve = page.getByRole('dialog', { name: 'Approve Transaction' })
    await expect(approve).toBeVisible()
    const walletFrame = walletApproval(page)
    await expect(walletFrame.getByRole('heading', { name: 'Sign a message' })).toBeVisible()
    await expect(walletFrame.getByText(PROVIDER_MESSAGE)).toBeVisible()
    await expect(walletFrame.getByText(new URL(page.url()).origin, { exact: true })).toBeVisible()
    await walletFrame.getByRole('button', { name: 'Approve' }).click()
    const output = rpc.getByRole('status', { name: 'getProvider signature' })
    await expect(output).toHaveText(/^0x[0-9a-f]+$/)
    await expect(approve).toBeHidden()
    const signature = (await output.innerText()) as `0x${string}`
    const verified = await publicClient(chain).verifyMessage({
      address: wallet as `0x${string}`,
      message: PROVIDER_MESSAGE,
      signature,
    })
    expect(verified).toBe(true)
  })

  await test.step('ApproveTransaction: reject → the request is rejected (4001)', async () => {
    await rpc.getByRole('button', { name: 'Sign with getProvider' }).click()
    const approve = page.getByRole('dialog', { name: 'Approve Transaction' })
    await walletApproval(page).getByRole('button', { name: 'Reject' }).click()
    await expect(rpc.getByRole('status', { name: 'getProvider signature' })).toHaveText(/^rejected: .*4001/)
    await expect(approve).toBeHidden()
  })

  await test.step('a method outside the allow-list: Action not allowed', async () => {
    await rpc.getByRole('button', { name: 'Call eth_sign' }).click()
    await expect(page.getByText('Action not allowed')).toBeVisible()
    await expect(rpc.getByRole('status', { name: 'eth_sign result' })).toHaveText(
      'rejected: Requested RPC call is not allowed (code 4200)',
    )
    await page.keyboard.press('Escape')
    await expect(demo.dialog).toBeHidden()
  })

  const newEmail = uniqueEmail('updated')
  await test.step('Update email: a code to the current address, then one to the new address', async () => {
    await demo.openAccount()
    await demo.dialog.getByRole('button', { name: 'Update email' }).click()
    await expect(page.getByRole('dialog', { name: 'Edit Email' })).toBeVisible()
    const before = (await mails(request, stack, email)).length
    await demo.dialog.getByLabel('New email').fill(newEmail)
    await demo.dialog.getByRole('button', { name: 'Continue', exact: true }).click()
    await expect(page.getByRole('dialog', { name: 'Confirm Current Email' })).toBeVisible()
    await enterCode(page, (await nextMail(request, stack, email, before)).code)
    await expect(page.getByRole('dialog', { name: 'Confirm New Email' })).toBeVisible()
    await enterCode(page, (await nextMail(request, stack, newEmail, 0)).code)
    await expect(page.getByText('Email updated')).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
    await page.keyboard.press('Escape')
  })

  await test.step('a new device: the approval link from the mailbox, then the code', async () => {
    const other = await browser.newContext({ baseURL: new URL(stack.demoUrl).origin })
    try {
      const second = new DemoPage(await other.newPage())
      await second.goto()
      await second.openConnect()
      const before = (await mails(request, stack, newEmail)).length
      await second.dialog.getByLabel('Email').fill(newEmail)
      await second.dialog.getByRole('button', { name: 'Continue', exact: true }).click()
      await expect(second.page.getByRole('dialog', { name: 'Register Device' })).toBeVisible()
      const link = (await nextMail(request, stack, newEmail, before)).link
      if (!link) throw new Error('the device mail has no link')
      const approval = await other.newPage()
      await approval.goto(link)
      await approval.getByRole('button', { name: 'Approve this device' }).click()
      await expect(approval.getByRole('heading', { name: 'Device approved' })).toBeVisible()
      await expect(second.page.getByRole('dialog', { name: 'Confirm Email' })).toBeVisible()
      await enterCode(second.page, (await nextMail(request, stack, newEmail, before + 1)).code)
      await expect(second.accountButton).toBeVisible()
      expect(await address(second)).toBe(wallet)
    } finally {
      await other.close()
    }
  })

  await test.step('preferred account type: smart account → EOA in the Account view', async () => {
    await demo.openAccount()
    await demo.dialog.getByRole('button', { name: 'Switch account type' }).click()
    await expect(page.getByRole('dialog', { name: 'Account Type' })).toBeVisible()
    await expect(demo.dialog.getByText('Smart account')).toBeVisible()
    await demo.dialog.getByRole('button', { name: 'Switch to EOA (externally owned account)' }).click()
    await expect(demo.dialog.getByRole('button', { name: 'Switch to Smart account' })).toBeVisible()
    await expect.poll(async () => (await demo.status()).Address).not.toBe(wallet)
    expect(await address(demo)).toMatch(/^0x[0-9a-fA-F]{40}$/)
  })
})
