import type { Locator, Page } from '@playwright/test'
import { type Relay, startRelay } from '@portico/relay'
import { DemoPage } from '../demo.ts'
import { expect } from '../fixtures.ts'

export const WALLETCONNECT = 'WalletConnect'

/** The demo page's WalletConnect flow, as a visitor sees it. */
export class WalletConnectPage extends DemoPage {
  readonly qrCode: Locator
  readonly copyLink: Locator
  readonly signButton: Locator
  readonly signature: Locator

  constructor(page: Page) {
    super(page)
    this.qrCode = this.dialog.getByRole('img', { name: 'WalletConnect QR code' })
    this.copyLink = this.dialog.getByRole('button', { name: 'Copy link' })
    this.signButton = page.getByRole('button', { name: 'Sign message' })
    this.signature = page.getByRole('status', { name: 'Signature', exact: true })
  }

  /** Connect view → WalletConnect entry → the ConnectingWalletConnect view. */
  async chooseWalletConnect(): Promise<void> {
    await this.openConnect()
    await this.walletButton(WALLETCONNECT).click()
    await expect(this.page.getByRole('dialog', { name: WALLETCONNECT })).toBeVisible()
  }

  /** Waits for the QR code, presses Copy link and reads the pairing uri from the clipboard. */
  async copyPairingUri(): Promise<string> {
    await expect(this.qrCode).toBeVisible()
    await this.copyLink.click()
    try {
      await expect(this.page.getByText('Link copied')).toBeVisible()
    } catch (error) {
      // What the page showed instead (a failed copy says so in a toast): the trace is not kept by CI.
      const notifications = await this.page
        .getByRole('status', { name: 'Notifications' })
        .innerText({ timeout: 1000 })
        .catch(() => 'unreadable')
      const focused = await this.page.evaluate(() => document.hasFocus()).catch(() => 'unknown')
      throw new Error(
        `No 'Link copied' after Copy link. Notifications: ${JSON.stringify(notifications)}; page focused: ${focused}`,
        { cause: error },
      )
    }
    const uri = await this.page.evaluate(() => navigator.clipboard.readText())
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    return uri
  }

  /** Presses Sign message and returns the signature the page shows. */
  async signMessage(): Promise<`0x${string}`> {
    await this.signButton.click()
    await expect(this.signature).toHaveText(/^0x[0-9a-f]{130}$/, { timeout: 15_000 })
    return (await this.signature.innerText()) as `0x${string}`
  }
}

/** A relay of the spec's own, so it can be stopped and started again on the same port. */
export class ControlledRelay {
  private relay: Relay | undefined
  private constructor(readonly port: number) {}

  /** Reserves a free port (nothing listens on it until `start`). */
  static async reserve(): Promise<ControlledRelay> {
    const probe = await startRelay({ port: 0, log: false })
    await probe.close()
    return new ControlledRelay(probe.port)
  }

  get url(): string {
    return `ws://127.0.0.1:${this.port}`
  }

  async start(): Promise<void> {
    this.relay ??= await startRelay({ port: this.port, log: false })
  }

  async stop(): Promise<void> {
    await this.relay?.close()
    this.relay = undefined
  }
}
