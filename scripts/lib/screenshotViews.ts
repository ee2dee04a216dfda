/**
 * The modal's views as a visitor reaches them on the demo (`npm start`: the dev wallet is on the page),
 * in one walk: disconnected views first, then the dev wallet connects and the account's views follow.
 * Each step leaves the modal showing its view; the walk takes the screenshot (scripts/screenshots.ts).
 */
import { expect, type Locator, type Page } from '@playwright/test'

export interface ViewStep {
  name: string
  show(page: Page): Promise<void>
  /** What differs on every run (a pairing code): covered in a compared screenshot (e2e/visual.spec.ts). */
  mask?(page: Page): Locator[]
}

const DEV_WALLET = 'Portico Dev Wallet'

const dialog = (page: Page) => page.getByRole('dialog')
/** A button by its name; `exact` where a longer name also contains it ("Continue with Google"). */
const button = (scope: Page | Locator, name: string | RegExp, exact = false) =>
  scope.getByRole('button', { name, exact })

/** Waits until the modal's height and views have stopped animating, so a shot is of a still view. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  )
}

/** A view that loads data is shot once it has: no spinner left in the dialog, its images decoded. */
async function loaded(page: Page): Promise<void> {
  await expect(dialog(page).locator('.pt-spinner')).toHaveCount(0)
  await dialog(page).evaluate((element) =>
    Promise.all([...element.querySelectorAll('img')].map((image) => image.decode().catch(() => undefined))),
  )
}

async function openConnect(page: Page) {
  if (await dialog(page).isVisible()) await button(dialog(page), 'Close').click()
  await button(page, 'Connect Wallet', true).click()
  await expect(page.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
  await expect(dialog(page).locator('[data-first-paint], .pt-method-pending')).toHaveCount(0)
}

/** The Connect view whole: its email and social sections painted, nothing left loading (the directory). */
async function showWholeConnect(page: Page): Promise<Locator> {
  await openConnect(page)
  const socials = dialog(page).getByRole('region', { name: 'Social login' })
  await expect(socials).toBeVisible()
  await expect(dialog(page).locator('[aria-busy=true]')).toHaveCount(0)
  await loaded(page)
  return socials
}

async function openAccount(page: Page) {
  if (await dialog(page).isVisible()) await button(dialog(page), 'Close').click()
  await page.getByRole('button', { name: /^Open account 0x/ }).click()
  await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
}

async function feature(page: Page, name: string, ready?: Locator) {
  await openAccount(page)
  await button(dialog(page).getByRole('navigation', { name: 'Wallet features' }), name).click()
  if (ready) await expect(ready).toBeVisible()
  await loaded(page)
}

async function tab(page: Page, name: string) {
  await openAccount(page)
  await dialog(page).getByRole('tab', { name }).click()
  await expect(dialog(page).getByRole('tabpanel', { name })).toBeVisible()
  await loaded(page)
}

/** The walk; `email` is the address the email-code view is reached with (its text shows it). */
export const viewSteps = (email: string): ViewStep[] => [
  {
    name: 'connect',
    show: async (page) => {
      await showWholeConnect(page)
    },
  },
  {
    name: 'connect-socials',
    show: async (page) => {
      await (await showWholeConnect(page)).scrollIntoViewIfNeeded()
    },
  },
  {
    name: 'connect-wallet-networks',
    show: async (page) => {
      await openConnect(page)
      await button(dialog(page).getByRole('list', { name: 'Wallets' }), DEV_WALLET).click()
      await expect(dialog(page).getByRole('list', { name: `${DEV_WALLET}: choose a network` })).toBeVisible()
    },
  },
  {
    name: 'all-wallets',
    show: async (page) => {
      await openConnect(page)
      await button(dialog(page), /^All Wallets/).click()
      await expect(dialog(page).getByRole('searchbox').or(dialog(page).getByRole('textbox'))).toBeVisible()
      await expect(dialog(page).getByRole('listitem').first()).toBeVisible()
      await loaded(page)
    },
  },
  {
    name: 'walletconnect-qr',
    show: async (page) => {
      await openConnect(page)
      await button(dialog(page), /^WalletConnect/).click()
      await expect(dialog(page).getByRole('img', { name: /QR code/i })).toBeVisible()
    },
    mask: (page) => [dialog(page).getByRole('img', { name: /QR code/i })],
  },
  {
    name: 'farcaster-qr',
    show: async (page) => {
      await openConnect(page)
      await button(dialog(page), 'Continue with Farcaster').click()
      await expect(dialog(page).getByRole('img', { name: 'Farcaster sign-in QR code' })).toBeVisible()
    },
    mask: (page) => [dialog(page).getByRole('img', { name: 'Farcaster sign-in QR code' })],
  },
  {
    name: 'email-code',
    show: async (page) => {
      await openConnect(page)
      await dialog(page).getByRole('textbox', { name: 'Email' }).fill(email)
      await button(dialog(page), 'Continue', true).click()
      await expect(dialog(page).getByRole('group')).toBeVisible()
    },
  },
  {
    name: 'account',
    show: async (page) => {
      await openConnect(page)
      await button(dialog(page).getByRole('list', { name: 'Wallets' }), DEV_WALLET).click()
      const evm = dialog(page).getByRole('list', { name: `${DEV_WALLET}: choose a network` })
      await button(evm, 'EVM', true).click()
      await expect(page.getByRole('button', { name: /^Open account 0x/ })).toBeVisible()
      await openAccount(page)
      await expect(dialog(page).getByRole('paragraph')).toContainText([/ETH$/])
      await loaded(page)
    },
  },
  {
    name: 'networks',
    show: async (page) => {
      await openAccount(page)
      await button(dialog(page), /network/i)
        .first()
        .click()
      await expect(page.getByRole('dialog', { name: 'Choose Network' })).toBeVisible()
      await loaded(page)
    },
  },
  { name: 'account-nfts', show: (page) => tab(page, 'NFTs') },
  { name: 'account-activity', show: (page) => tab(page, 'Activity') },
  { name: 'send', show: (page) => feature(page, 'Send') },
  {
    name: 'receive',
    show: (page) => feature(page, 'Receive', dialog(page).getByRole('img', { name: /QR/ })),
  },
  { name: 'swap', show: (page) => feature(page, 'Swap') },
  // Its quotes, not the spinner before them.
  {
    name: 'buy',
    show: (page) =>
      feature(
        page,
        'Buy',
        dialog(page)
          .getByRole('button', { name: /^Buy with / })
          .first(),
      ),
  },
]
