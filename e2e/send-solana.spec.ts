import type { Page } from '@playwright/test'
import { Keypair } from '@solana/web3.js'
import { generatePrivateKey } from 'viem/accounts'
import { DEV_WALLET, DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'
import type { StackInfo } from './stackInfo.ts'

// Accounts: a fresh Solana keypair per test (airdropped on the devnet's Solana node) and a fresh EVM
// key for the wallet's other side, so no dev account of another spec is touched.

test.describe.configure({ timeout: 60_000 })

const LAMPORTS = 1_000_000_000n

async function solanaRpc<T>(rpcUrl: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: T; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result as T
}

const lamportsOf = async (stack: StackInfo, address: string) =>
  BigInt((await solanaRpc<{ value: number }>(stack.solana.rpcUrl, 'getBalance', [address])).value)

/** Every toast shown from now on, in order (one replaces the other after 150 ms, behaviour §4). */
async function recordToasts(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = []
    ;(window as unknown as { __toasts: string[] }).__toasts = seen
    const region = document.querySelector('[role="status"][aria-label="Notifications"]')
    if (!region) throw new Error('no toast region')
    new MutationObserver(() => {
      const text = region.textContent ?? ''
      if (text && seen.at(-1) !== text) seen.push(text)
    }).observe(region, { childList: true, subtree: true, characterData: true })
  })
  return () => page.evaluate(() => (window as unknown as { __toasts: string[] }).__toasts)
}

async function connectSolana(page: Page, stack: StackInfo, keypair: Keypair) {
  const base = stack.solana.accounts[0]?.walletConfig as { solana?: Record<string, unknown> } | undefined
  if (!base?.solana) throw new Error('stack.json lacks the Solana dev wallet config')
  const config = {
    ...base,
    privateKey: generatePrivateKey(),
    solana: { ...base.solana, secretKey: Array.from(keypair.secretKey) },
  }
  await page.context().addInitScript(`window.__PORTICO_DEV_WALLET__=${JSON.stringify(config)}`)
  await page.context().addInitScript({ path: stack.devWalletBundle })
  const demo = new DemoPage(page)
  await demo.goto()
  await demo.openConnect()
  await (await demo.walletNamespace('Solana', DEV_WALLET)).click()
  await expect(demo.dialog).toBeHidden()
  await page.getByRole('button', { name: /^Open account / }).click()
  await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()
  await expect(demo.dialog.getByRole('button', { name: `${stack.solana.name} Switch network` })).toBeVisible()
  await demo.dialog
    .getByRole('navigation', { name: 'Wallet features' })
    .getByRole('button', { name: 'Send' })
    .click()
  const send = page.getByRole('dialog', { name: 'Send' })
  await expect(send.getByRole('textbox', { name: 'Amount' })).toBeVisible()
  return { demo, send }
}

test('send SOL: a System Program transfer signed by the wallet; both balances follow', async ({
  page,
  stack,
}) => {
  const sender = Keypair.generate()
  const receiver = Keypair.generate().publicKey.toBase58()
  const from = sender.publicKey.toBase58()
  await solanaRpc(stack.solana.rpcUrl, 'requestAirdrop', [from, Number(5n * LAMPORTS)])
  await expect.poll(() => lamportsOf(stack, from)).toBe(5n * LAMPORTS)
  const { demo, send } = await connectSolana(page, stack, sender)

  await expect(send.getByRole('button', { name: 'Token: SOL, balance 5.000 SOL' })).toBeVisible()
  await send.getByRole('textbox', { name: 'Amount' }).fill('1.5')
  await send.getByRole('textbox', { name: 'Receiver address' }).fill(receiver)
  await send.getByRole('button', { name: 'Preview send' }).click()
  const review = page.getByRole('dialog', { name: 'Review Send' })
  await expect(review.getByRole('definition')).toContainText([
    '1.5 SOL',
    receiver,
    stack.solana.name,
    '0.000005 SOL',
  ])
  const toasts = await recordToasts(page)
  await review.getByRole('button', { name: 'Send', exact: true }).click()
  await expect.poll(toasts).toContain('Transaction started')
  await expect(page.getByRole('dialog', { name: 'Account' })).toBeVisible()

  await expect.poll(() => lamportsOf(stack, receiver)).toBe(1_500_000_000n)
  expect(await lamportsOf(stack, from)).toBe(5n * LAMPORTS - 1_500_000_000n - 5_000n)
  await expect(demo.dialog.getByRole('paragraph')).toContainText(['3.499 SOL'])
})

test('SOL: an 0x receiver, too many decimals and more than the balance are refused; nothing is sent', async ({
  page,
  stack,
}) => {
  const sender = Keypair.generate()
  const from = sender.publicKey.toBase58()
  await solanaRpc(stack.solana.rpcUrl, 'requestAirdrop', [from, Number(LAMPORTS)])
  await expect.poll(() => lamportsOf(stack, from)).toBe(LAMPORTS)
  const { send } = await connectSolana(page, stack, sender)
  const amount = send.getByRole('textbox', { name: 'Amount' })
  const receiverField = send.getByRole('textbox', { name: 'Receiver address' })
  const preview = send.getByRole('button', { name: 'Preview send' })

  await preview.click()
  await expect(
    send.getByRole('alert').filter({ hasText: 'Please enter a valid amount and receiver address' }),
  ).toBeVisible()
  await amount.fill('0.5')
  await receiverField.fill('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')
  await expect(send.getByRole('alert').filter({ hasText: 'Enter a valid Solana address' })).toBeVisible()
  await receiverField.fill(Keypair.generate().publicKey.toBase58())
  await amount.fill('0.0000000001')
  await expect(send.getByRole('alert').filter({ hasText: 'SOL allows at most 9 decimals' })).toBeVisible()
  await amount.fill('1')
  // The whole balance leaves nothing for the 5 000 lamports fee.
  await preview.click()
  await expect(
    send.getByRole('alert').filter({ hasText: 'Insufficient SOL to pay the network fee' }),
  ).toBeVisible()
  await amount.fill('2')
  await expect(send.getByRole('alert').filter({ hasText: 'Insufficient balance' })).toBeVisible()
  await expect(page.getByRole('dialog', { name: 'Send' })).toBeVisible()
  expect(await lamportsOf(stack, from)).toBe(LAMPORTS)
})
