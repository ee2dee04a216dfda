import type { Locator, Page } from '@playwright/test'
import { expect } from './fixtures.ts'

export const DEV_WALLET = 'Portico Dev Wallet'

/** The demo page as a visitor sees it: its buttons, the modal and the Connection status list. */
export class DemoPage {
  readonly connectButton: Locator
  readonly accountButton: Locator
  readonly dialog: Locator
  readonly statusRegion: Locator

  constructor(readonly page: Page) {
    this.connectButton = page.getByRole('button', { name: 'Connect Wallet', exact: true })
    // The visible text (address · balance) is part of the name (WCAG 2.5.3).
    this.accountButton = page.getByRole('button', { name: /^Open account 0x/ })
    this.dialog = page.getByRole('dialog')
    this.statusRegion = page.getByRole('region', { name: 'Connection status' })
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/${query}`)
    await expect(this.page.getByRole('heading', { name: 'Portico demo' })).toBeVisible()
  }

  /** The wallet's entry in the Connect view's list. */
  walletButton(name = DEV_WALLET): Locator {
    return this.dialog.getByRole('list', { name: 'Wallets' }).getByRole('button', { name })
  }

  /**
   * A wallet offering several namespaces is one row with them as badges; choosing it lists them below
   * it. This is the button of `namespace` ('EVM', 'Solana', 'Bitcoin') in that list, the row opened.
   */
  async walletNamespace(namespace: string, name = DEV_WALLET): Promise<Locator> {
    const row = this.walletButton(name)
    await expect(row).toHaveAttribute('aria-expanded', /^(true|false)$/)
    if ((await row.getAttribute('aria-expanded')) === 'false') await row.click()
    await expect(row).toHaveAttribute('aria-expanded', 'true')
    return this.dialog
      .getByRole('list', { name: `${name}: choose a network` })
      .getByRole('button', { name: namespace, exact: true })
  }

  async openConnect(): Promise<void> {
    await this.connectButton.click()
    await expect(this.page.getByRole('dialog', { name: 'Connect Wallet' })).toBeVisible()
  }

  /** Connect view → the dev wallet → the modal closes and the page shows the account button. */
  async connectDevWallet(): Promise<void> {
    await this.openConnect()
    await this.walletButton().click()
    await expect(this.dialog).toBeHidden()
    await expect(this.accountButton).toBeVisible()
  }

  async openAccount(): Promise<void> {
    await this.accountButton.click()
    await expect(this.page.getByRole('dialog', { name: 'Account' })).toBeVisible()
  }

  /** The Connection status definition list as { term: definition }. */
  async status(): Promise<Record<string, string>> {
    const terms = await this.statusRegion.getByRole('term').allInnerTexts()
    const definitions = await this.statusRegion.getByRole('definition').allInnerTexts()
    return Object.fromEntries(terms.map((term, index) => [term.trim(), (definitions[index] ?? '').trim()]))
  }

  /** The keys Portico keeps in localStorage (behaviour §3: all start with '@portico/'). */
  porticoStorage(): Promise<Record<string, string>> {
    return this.page.evaluate(() =>
      Object.fromEntries(
        Object.keys(localStorage)
          .filter((key) => key.startsWith('@portico/'))
          .map((key) => [key, localStorage.getItem(key) ?? '']),
      ),
    )
  }

  /** Account → one of its wallet features (Send, Swap, …), as a visitor opens it. */
  async openFeature(feature: string): Promise<void> {
    await this.openAccount()
    await this.dialog
      .getByRole('navigation', { name: 'Wallet features' })
      .getByRole('button', { name: feature })
      .click()
    await expect(this.page.getByRole('dialog', { name: feature })).toBeVisible()
  }

  /** Waits for running finite CSS animations and transitions (view transitions, modal height). */
  async settle(): Promise<void> {
    await this.page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    )
  }
}
