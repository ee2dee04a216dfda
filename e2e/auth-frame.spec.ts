import { expect, test } from '@playwright/test'
import type { AuthFrameUser } from '@portico/shared-types'
import { createPublicClient, http } from 'viem'
import { embedFrame, HOST_PATH, mailboxCode, openFrameHost } from './authFrame.ts'
import { readStackInfo } from './stackInfo.ts'

const info = readStackInfo()
const email = () => `frame-${Math.random().toString(36).slice(2)}@example.com`

test('the frame on its own origin: READY, email code from the dev mailbox, GET_USER, a signature, sign out', async ({
  page,
}) => {
  const host = await openFrameHost(page, info)
  const address = email()
  expect(await host.call('CONNECT_EMAIL', { email: address })).toEqual({ action: 'VERIFY_OTP' })
  await host.call('CONNECT_OTP', { otp: await mailboxCode(info, address) })
  const sessionUpdate = (await host.messages()).find(
    (m) => (m.data as { type?: string }).type === '@portico/frame/SESSION_UPDATE',
  )
  expect(sessionUpdate?.origin).toBe(host.frameOrigin)
  const user = (await host.call('GET_USER', { chainId: 31337 })) as AuthFrameUser
  expect(user).toMatchObject({ email: address, chainId: 31337 })
  // An unsafe request: the frame shows it itself and signs only after its own Approve is clicked.
  const signing = host.call('RPC_REQUEST', { method: 'personal_sign', params: ['0x6869', user.address] })
  const wallet = page.frameLocator('#portico-auth-frame')
  await expect(wallet.getByRole('heading', { name: 'Sign a message' })).toBeVisible()
  await expect(wallet.getByText('hi', { exact: true })).toBeVisible()
  await wallet.getByRole('button', { name: 'Approve' }).click()
  const signature = (await signing) as `0x${string}`
  // The address may be a smart account (ERC-1271 / ERC-6492 signature): verify on the chain.
  const chain = createPublicClient({ transport: http(info.chains[0]?.rpcUrl) })
  expect(
    await chain.verifyMessage({
      address: user.address as `0x${string}`,
      message: { raw: '0x6869' },
      signature,
    }),
  ).toBe(true)
  expect(
    await chain.verifyMessage({
      address: user.address as `0x${string}`,
      message: { raw: '0x6870' },
      signature,
    }),
  ).toBe(false)
  await expect(
    host.call('RPC_REQUEST', { method: 'eth_sign', params: [user.address, '0x00'] }),
  ).rejects.toThrow('Requested RPC call is not allowed')
  // The session is the frame origin's partitioned HttpOnly cookie (kept where this Chromium blocks other
  // third-party storage): a reload restores it, and nothing the page received carries it.
  const secrets = (await page.context().cookies(host.frameOrigin)).map((c) => c.value)
  expect(secrets.length).toBeGreaterThan(0)
  const received = JSON.stringify(await host.messages())
  for (const secret of secrets) expect(received).not.toContain(secret)
  await page.reload()
  const again = await openFrameHost(page, info)
  expect(await again.call('IS_CONNECTED', {})).toEqual({ isConnected: true })
  expect(((await again.call('GET_USER', { chainId: 31337 })) as AuthFrameUser).address).toBe(user.address)
  await again.call('SIGN_OUT', undefined)
  expect(await again.call('IS_CONNECTED', {})).toEqual({ isConnected: false })
})

test('a message from a foreign origin is ignored; the frame answers only its parent', async ({ page }) => {
  const host = await openFrameHost(page, info)
  // A child frame on another origin (the plugins server) posts requests to the auth frame.
  const foreign = new URL(info.pluginsUrl).origin
  await page.evaluate(
    (src) =>
      new Promise((resolve) => {
        const child = document.createElement('iframe')
        child.src = src
        child.onload = resolve
        document.body.append(child)
      }),
    `${foreign}${HOST_PATH}`,
  )
  const child = page.frames().find((f) => f.url().startsWith(foreign))
  if (!child) throw new Error('no foreign child frame')
  await child.evaluate(() => {
    const got: unknown[] = []
    ;(window as unknown as { __got: unknown[] }).__got = got
    window.addEventListener('message', (e) => got.push(e.data))
    const auth = window.parent.frames[0]
    auth?.postMessage({ id: 'foreign-1', type: '@portico/app/GET_CHAIN_ID', payload: {} }, '*')
    auth?.postMessage({ id: 'foreign-2', type: '@portico/app/SIGN_OUT' }, '*')
  })
  // Requests are answered in order: once a later request of the parent is answered, a reply to the
  // foreign ones would have come first.
  expect(await host.call('GET_CHAIN_ID', undefined)).toEqual({ chainId: 31337 })
  const ids = (await host.messages()).map((m) => (m.data as { id?: string }).id)
  expect(ids).not.toContain('foreign-1')
  expect(ids).not.toContain('foreign-2')
  expect(await child.evaluate(() => (window as unknown as { __got: unknown[] }).__got)).toEqual([])
})

test('a page on another origin cannot use the frame, even when it claims the allowed origin', async ({
  page,
}) => {
  const foreign = new URL(info.pluginsUrl).origin
  const appOrigin = new URL(info.demoUrl).origin
  const frameOrigin = new URL(info.authFrameUrl).origin
  const claimed = `${info.authFrameUrl}?projectId=portico-dev&chainId=31337&parentOrigin=${encodeURIComponent(appOrigin)}`
  const honest = `${info.authFrameUrl}?projectId=portico-dev&chainId=31337&parentOrigin=${encodeURIComponent(foreign)}`
  const answers: number[] = []
  page.on('response', (r) => {
    if (r.url().startsWith(info.authFrameUrl)) answers.push(r.status())
  })
  await page.goto(`${foreign}${HOST_PATH}`)
  await embedFrame(page, honest, frameOrigin, 'honest')
  await embedFrame(page, claimed, frameOrigin, 'claimed')
  await expect.poll(() => answers.length).toBe(2)
  // Honest about its origin: refused by the server. Lying: served, but the browser refuses to render
  // it there (CSP frame-ancestors) and its script never runs.
  expect(answers.sort()).toEqual([200, 403])
  const messages = await page.evaluate(() => (window as unknown as { __messages: unknown[] }).__messages)
  expect(messages).toEqual([])
  await page.evaluate(() =>
    (window as unknown as { __post(m: unknown): void }).__post({
      id: 'x',
      type: '@portico/app/GET_CHAIN_ID',
      payload: {},
    }),
  )
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        window.addEventListener('message', resolve, { once: true })
        window.postMessage('probe', '*')
      }),
  )
  expect(
    await page.evaluate(() =>
      (window as unknown as { __messages: { data: unknown }[] }).__messages.map((m) => m.data),
    ),
  ).toEqual(['probe'])
})
