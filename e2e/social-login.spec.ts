import type { Locator, Page } from '@playwright/test'
import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'

// Social login through the whole stack: the socials plugin's buttons, a popup to the local IdP's dev
// sign-in page (services/idp), the auth frame's callback page and CONNECT_SOCIAL; farcaster through the
// local relay's QR link and its dev approver. No dev wallet is injected: the embedded wallet connects.

// Each test is a whole embedded-wallet sign-in plus a reload and a disconnect: on a loaded 2-core
// machine (two busy loops beside the run) they took 15–25 s and farcaster 24–30 s, every step moving
// (the page and its plugin remotes loading took 11 s of it), so 30 s is too short a budget.
test.describe.configure({ timeout: 60_000 })

const PROVIDERS = [
  ['google', 'Google'],
  ['github', 'GitHub'],
  ['apple', 'Apple'],
  ['facebook', 'Facebook'],
  ['x', 'X'],
  ['discord', 'Discord'],
] as const

/** Milliseconds from a click to the account button, per flow (the bench numbers of the report). */
function note(name: string, ms: number) {
  test.info().annotations.push({ type: 'timing', description: `${name}: ${ms} ms` })
  console.log(`[social-login] ${name}: ${ms} ms`)
}

async function socialUsername(demo: DemoPage): Promise<string | undefined> {
  const stored = await demo.porticoStorage()
  const value = Object.entries(stored).find(([key]) => key.endsWith('social_username'))?.[1]
  return value === undefined ? undefined : JSON.parse(value)
}

/** The connected account's full address from the demo's Connection status list. */
async function connectedAddress(demo: DemoPage): Promise<string> {
  await expect.poll(async () => (await demo.status()).Address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  return (await demo.status()).Address ?? ''
}

async function disconnect(demo: DemoPage) {
  await demo.openAccount()
  await demo.dialog.getByRole('button', { name: 'Disconnect' }).click()
  // behaviour §4: the Connect view shows again; the social username is forgotten.
  await expect(demo.page.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
  await expect.poll(() => demo.status()).toMatchObject({ Status: 'disconnected', Address: '—' })
  expect(await socialUsername(demo)).toBeUndefined()
  await demo.page.keyboard.press('Escape')
  await expect(demo.dialog).toBeHidden()
}

async function signInAtIdp(popup: Page, name: string, user: { email: string; username: string }) {
  try {
    await expect(popup.getByRole('heading', { name: `Sign in with ${name}` })).toBeVisible()
  } catch (error) {
    // Where the popup got to and what the modal said: the trace is not kept by CI.
    const modal = await popup
      .opener()
      .then((opener) => opener?.getByRole('dialog').innerText({ timeout: 1000 }))
      .catch(() => 'unreadable')
    throw new Error(
      `The ${name} sign-in page did not show. Popup at ${popup.isClosed() ? '(closed)' : popup.url()}; the modal says: ${JSON.stringify(modal)}`,
      { cause: error },
    )
  }
  await popup.getByLabel('Email').fill(user.email)
  await popup.getByLabel('Username').fill(user.username)
  await popup.getByRole('button', { name: 'Sign in', exact: true }).click()
}

test('Google is a wide button with its mark and name; the others a row of marks heard as "Continue with …", in order', async ({
  page,
}) => {
  const demo = new DemoPage(page)
  await demo.goto()
  await demo.openConnect()
  const social = demo.dialog.getByRole('region', { name: 'Social login' })
  const names = ['Google', 'X', 'Discord', 'GitHub', 'Apple', 'Facebook', 'Farcaster']
  const buttons = names.map((name) =>
    social.getByRole('button', { name: `Continue with ${name}`, exact: true }),
  )
  await expect(buttons[0] as Locator).toHaveText('Continue with Google')
  for (const button of buttons) await expect(button.locator('svg path')).toHaveAttribute('d', /^M/)
  for (const button of buttons.slice(1)) await expect(button).toHaveText('')
  // The marks share one row under the wide button, at the phone width too.
  const boxes = await Promise.all(
    buttons.map(async (button) => (await button.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 }),
  )
  const [wide, ...marks] = boxes
  for (const mark of marks) {
    expect(mark.y).toBeGreaterThan((wide?.y ?? 0) + (wide?.height ?? 0) - 1)
    expect(mark.y).toBe(marks[0]?.y)
    expect(mark.width).toBeGreaterThanOrEqual(40)
  }
  // Keyboard order is the visual order.
  await (buttons[0] as Locator).focus()
  for (const button of buttons.slice(1)) {
    await page.keyboard.press('Tab')
    await expect(button).toBeFocused()
  }
})

for (const [provider, name] of PROVIDERS) {
  test(`${name}: popup to the dev IdP → connected with the embedded wallet; reload restores; disconnect`, async ({
    page,
  }) => {
    const demo = new DemoPage(page)
    const user = { email: `social-${provider}@portico.dev`, username: `e2e_${provider}` }
    await demo.goto()
    await demo.openConnect()
    const social = demo.dialog.getByRole('region', { name: 'Social login' })
    const popupOpened = page.waitForEvent('popup')
    const started = Date.now()
    await social.getByRole('button', { name: `Continue with ${name}` }).click()
    const popup = await popupOpened
    await expect(demo.dialog.getByText(`Continue in the ${name} window`)).toBeVisible()
    await signInAtIdp(popup, name, user)
    await expect(demo.accountButton).toBeVisible()
    note(`${provider} click → connected`, Date.now() - started)
    // The app closed the popup once the frame's callback page reported back.
    await expect.poll(() => popup.isClosed()).toBe(true)
    await expect(demo.dialog).toBeHidden()
    const address = await connectedAddress(demo)
    expect(await socialUsername(demo)).toBe(user.username)

    await page.reload()
    await expect(demo.accountButton).toBeVisible()
    expect(await connectedAddress(demo)).toBe(address)
    await disconnect(demo)
  })
}

test('the same provider account signs in to the same wallet again', async ({ page }) => {
  const demo = new DemoPage(page)
  const user = { email: 'returning@portico.dev', username: 'returning' }
  const connect = async () => {
    await demo.openConnect()
    const popupOpened = page.waitForEvent('popup')
    await demo.dialog.getByRole('button', { name: 'Continue with GitHub' }).click()
    await signInAtIdp(await popupOpened, 'GitHub', user)
    await expect(demo.accountButton).toBeVisible()
    return connectedAddress(demo)
  }
  await demo.goto()
  const first = await test.step('first sign-in', connect)
  await test.step('disconnect', () => disconnect(demo))
  expect(await test.step('second sign-in', connect)).toBe(first)
  await disconnect(demo)
})

test('cancelling at the IdP shows the error and Try again', async ({ page }) => {
  const demo = new DemoPage(page)
  await demo.goto()
  await demo.openConnect()
  const popupOpened = page.waitForEvent('popup')
  await demo.dialog.getByRole('button', { name: 'Continue with Discord' }).click()
  const popup = await popupOpened
  await expect(popup.getByRole('heading', { name: 'Sign in with Discord' })).toBeVisible()
  await popup.getByRole('button', { name: 'Cancel' }).click()
  await expect(demo.dialog.getByText('Social login was cancelled')).toBeVisible()
  await expect(demo.dialog.getByRole('button', { name: 'Try again' })).toBeVisible()
  await expect(demo.accountButton).toBeHidden()
})

test.describe('farcaster', () => {
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  })

  test('QR and link shown; the dev approver approves → connected; reload restores', async ({
    page,
    context,
  }) => {
    const demo = new DemoPage(page)
    await demo.goto()
    await demo.openConnect()
    const started = Date.now()
    await demo.dialog.getByRole('button', { name: 'Continue with Farcaster' }).click()
    await expect(demo.dialog.getByRole('img', { name: 'Farcaster sign-in QR code' })).toBeVisible()
    await expect(demo.dialog.getByText('Waiting for approval in Farcaster…')).toBeVisible()
    await demo.dialog.getByRole('button', { name: 'Copy link' }).click()
    const link = await page.evaluate(() => navigator.clipboard.readText())
    expect(link).toMatch(/\/farcaster\/approve\?channelToken=[0-9a-f-]{36}$/)

    // The "phone": the dev approver page the QR code points at.
    const phone = await context.newPage()
    await phone.goto(link)
    await expect(phone.getByRole('heading', { name: 'Sign in with Farcaster' })).toBeVisible()
    await expect(
      phone.getByText(`${new URL(await frameOrigin(page)).host} asks you to sign in`),
    ).toBeVisible()
    await phone.getByLabel('Account').selectOption({ label: '@alice (fid 20001)' })
    await phone.getByRole('button', { name: 'Approve' }).click()
    await expect(phone.getByRole('status')).toHaveText('Approved: signed in as @alice')

    await expect(demo.accountButton).toBeVisible()
    note('farcaster click → connected (approval included)', Date.now() - started)
    expect(await socialUsername(demo)).toBe('alice')
    const address = await connectedAddress(demo)
    await page.reload()
    await expect(demo.accountButton).toBeVisible()
    expect(await connectedAddress(demo)).toBe(address)
    await disconnect(demo)
  })
})

/** The auth frame's origin, read from the page's frame element. */
async function frameOrigin(page: Page): Promise<string> {
  const src = await page.locator('iframe[title="Embedded wallet"]').getAttribute('src')
  return new URL(src ?? '').origin
}
