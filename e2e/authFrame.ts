/**
 * The auth frame (services/auth-frame) in a bare host page, for specs that talk to the frame directly
 * (the modal's own specs load it through the AUTH connector instead):
 *
 *   const host = await openFrameHost(page, readStackInfo())
 *   const { action } = await host.call('CONNECT_EMAIL', { email })
 *   await host.call('CONNECT_OTP', { otp: await mailboxCode(info, email) })
 *
 * The host page is a page of the demo origin (the only origin the stack lets embed the frame) with the
 * frame added by embedFrame; a page on any other origin gets nothing from it.
 */
import { expect, type Locator, type Page } from '@playwright/test'
import type { FrameRequests, FrameRequestType } from '@portico/shared-types/frame'
import { DemoPage } from './demo.ts'
import type { StackInfo } from './stackInfo.ts'

/**
 * Any path of a stack server: a real response, so Chromium treats the page as local (its Local Network
 * Access checks block a page fulfilled by page.route from framing 127.0.0.1). On the demo's origin it is
 * under /vanilla/, outside the demo's Content-Security-Policy: these tests frame other origins too.
 */
export const HOST_PATH = '/vanilla/__auth-frame-host'

/**
 * Turns the current page into a frame host: records every message it receives (with its origin), then
 * adds an iframe of `frameSrc` (and a `__post` to send it messages for `frameOrigin`).
 */
export async function embedFrame(
  page: Page,
  frameSrc: string,
  frameOrigin: string,
  id = 'portico-auth-frame',
): Promise<void> {
  await page.evaluate(
    ({ frameSrc, frameOrigin, id }) => {
      const w = window as unknown as { __messages?: unknown[]; __post?: (m: unknown) => void }
      if (!w.__messages) {
        const messages: unknown[] = []
        w.__messages = messages
        window.addEventListener('message', (event) =>
          messages.push({ origin: event.origin, data: event.data }),
        )
      }
      const frame = document.createElement('iframe')
      frame.id = id
      frame.title = 'wallet frame'
      frame.src = frameSrc
      // Room for the frame's own approval view (its buttons must be in view to be armed).
      frame.style.cssText = 'width:360px;height:560px;border:0'
      w.__post = (message) => frame.contentWindow?.postMessage(message, frameOrigin)
      return new Promise((resolve) => {
        frame.onload = resolve
        document.body.append(frame)
      })
    },
    { frameSrc, frameOrigin, id },
  )
}

export interface FrameHost {
  frameOrigin: string
  /** Posts `@portico/app/<type>` with a random id; resolves to the `_SUCCESS` payload, rejects with the `_ERROR` message. */
  call<K extends FrameRequestType>(
    type: K,
    payload?: FrameRequests[K]['payload'],
  ): Promise<FrameRequests[K]['reply']>
  /** Every message the host page received so far. */
  messages(): Promise<{ origin: string; data: unknown }[]>
}

export async function openFrameHost(
  page: Page,
  info: StackInfo,
  chainId: number | string = 31337,
): Promise<FrameHost> {
  const appOrigin = new URL(info.demoUrl).origin
  const frameOrigin = new URL(info.authFrameUrl).origin
  const src = `${info.authFrameUrl}?projectId=portico-dev&chainId=${encodeURIComponent(String(chainId))}&version=4&enableLogger=false&parentOrigin=${encodeURIComponent(appOrigin)}`
  await page.goto(`${appOrigin}${HOST_PATH}`)
  await embedFrame(page, src, frameOrigin)
  const messages = () =>
    page.evaluate(() => (window as unknown as { __messages: { origin: string; data: unknown }[] }).__messages)
  await expect
    .poll(async () =>
      (await messages()).some(
        (m) => m.origin === frameOrigin && (m.data as { type?: string })?.type === '@portico/frame/READY',
      ),
    )
    .toBe(true)
  return {
    frameOrigin,
    messages,
    async call(type, payload) {
      const id = `${type}-${Math.random().toString(36).slice(2)}`
      await page.evaluate((message) => (window as unknown as { __post(m: unknown): void }).__post(message), {
        id,
        type: `@portico/app/${type}`,
        payload,
      })
      let reply: { type: string; payload: unknown } | undefined
      await expect
        .poll(
          async () => {
            reply = (await messages()).find(
              (m) => m.origin === frameOrigin && (m.data as { id?: string })?.id === id,
            )?.data as typeof reply
            return reply !== undefined
          },
          { timeout: 30_000, message: `reply to ${type}` },
        )
        .toBe(true)
      if (reply?.type === `@portico/frame/${type}_SUCCESS`) return reply.payload as never
      throw new Error((reply?.payload as { message?: string })?.message ?? `unexpected reply ${reply?.type}`)
    },
  }
}

/** The newest one-time code mailed to `email` by the stack's dev mailbox (polls until one arrives). */
export async function mailboxCode(info: StackInfo, email: string, after = 0): Promise<string> {
  let code: string | undefined
  await expect
    .poll(async () => {
      const { messages } = (await (
        await fetch(`${info.mailboxUrl}?to=${encodeURIComponent(email)}`)
      ).json()) as {
        messages: { code?: string; createdAt: number }[]
      }
      code = messages.find((m) => m.code && m.createdAt >= after)?.code
      return code !== undefined
    })
    .toBe(true)
  return code as string
}

/**
 * The embedded wallet's own approval, inside the auth frame the modal shows over ApproveTransaction (the
 * frame's origin: the page's scripts cannot reach it). Its heading names the request, its rows the site,
 * network, recipient and amounts, and its Approve and Reject buttons decide.
 */
export function walletApproval(page: Page) {
  return page.frameLocator('iframe[title="Embedded wallet"]')
}

/**
 * The first of the six code boxes: filling it with a whole code is what an autofilled or pasted code
 * does (the boxes spread it); typing fills one box at a time.
 */
export const firstCodeBox = (scope: Locator): Locator =>
  scope.getByRole('group', { name: 'Verification code' }).getByRole('textbox', { name: 'Digit 1 of 6' })

const uniqueEmail = () => `login-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@portico.test`

/** Logs a fresh email in through the modal (the dev mailbox's code) and returns the demo and the address. */
export async function emailLogin(
  page: Page,
  stack: StackInfo,
): Promise<{ demo: DemoPage; address: `0x${string}` }> {
  const demo = new DemoPage(page)
  await demo.goto()
  const email = uniqueEmail()
  const sentAfter = Date.now() - 1_000
  await demo.openConnect()
  await demo.dialog.getByLabel('Email').fill(email)
  await demo.dialog.getByRole('button', { name: 'Continue', exact: true }).click()
  await expect(page.getByRole('dialog', { name: 'Confirm Email' })).toBeVisible()
  await firstCodeBox(demo.dialog).fill(await mailboxCode(stack, email, sentAfter))
  await expect(demo.accountButton).toBeVisible()
  await expect.poll(async () => (await demo.status()).Address).toMatch(/^0x[0-9a-fA-F]{40}$/)
  return { demo, address: (await demo.status()).Address as `0x${string}` }
}
