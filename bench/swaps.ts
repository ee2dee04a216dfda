/**
 * Swaps: quote latency at the blockchain API, and quote → swap confirmed in the browser.
 *
 *   npx tsx bench/swaps.ts [--quotes 50] [--runs 3]
 *
 * Needs a build (dist/). Starts the stack on the bench's ports with the devnet fixtures (the
 * Uniswap-V2 DEX), then:
 * 1. API: --quotes sequential GET /v1/convert/quotes each for ETH→USDC (direct pool) and USDC→PTT,
 *    and POST /v1/convert/build-transaction for ETH→USDC: p50, p95, mean in ms.
 * 2. Browser (demo test build, headless Chromium, the dev wallet with a fresh funded key): --runs
 *    times connect → Account → Swap → pick USDC; time from the pick to the quote shown (a pick quotes
 *    at once; the 500 ms debounce is for typing), to the Swap button ready (allowance + built
 *    transaction), and from the Swap click to 'Swapped …' (wallet signs, anvil mines, receipt polled).
 * Everything listens on 127.0.0.1 only.
 */
import { mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import { createTestClient, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.ts'
import { type Stack, startStack } from '../scripts/lib/stack.ts'
import { BENCH_PORTS } from './lib/ports.ts'

const { values } = parseArgs({
  options: { quotes: { type: 'string', default: '50' }, runs: { type: 'string', default: '3' } },
})
const QUOTES = Math.max(1, Number(values.quotes) || 50)
const RUNS = Math.max(1, Number(values.runs) || 3)
const TMP = path.join(import.meta.dirname, '.tmp', 'swaps')
const PORTS = BENCH_PORTS
const NATIVE = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'
const log = (line: string) => console.error(`› ${line}`)

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b)
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0
  const mean = samples.reduce((sum, x) => sum + x, 0) / Math.max(samples.length, 1)
  return `p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, mean ${mean.toFixed(1)} ms (n=${samples.length})`
}

async function timed(fn: () => Promise<Response>): Promise<number> {
  const start = performance.now()
  const response = await fn()
  await response.arrayBuffer()
  if (!response.ok) throw new Error(`HTTP ${response.status} from ${response.url}`)
  return performance.now() - start
}

async function apiBench(stack: Stack, chainId: number, user: string) {
  const tokens = stack.devnet.fixtures?.[chainId]?.tokens
  if (!tokens) throw new Error('the bench stack has no fixtures')
  const caip = (address: string) => `eip155:${chainId}:${address}`
  const quote = (from: string, to: string, amount: string) =>
    `${stack.api.url}/v1/convert/quotes?${new URLSearchParams({
      projectId: 'portico-dev',
      amount,
      userAddress: caip(user),
      from: caip(from),
      to: caip(to),
      gasPrice: '1000000000',
    })}`
  const rows: [string, number[]][] = [
    ['GET quotes ETH→USDC (1 ETH, direct pool)', []],
    ['GET quotes USDC→PTT (100 USDC, best of 2 routes)', []],
    ['POST build-transaction ETH→USDC (estimateGas)', []],
  ]
  for (let i = 0; i < QUOTES; i++) {
    rows[0]?.[1].push(await timed(() => fetch(quote(NATIVE, tokens.USDC, parseEther('1').toString()))))
    rows[1]?.[1].push(await timed(() => fetch(quote(tokens.USDC, tokens.PTT, '100000000'))))
    rows[2]?.[1].push(
      await timed(() =>
        fetch(`${stack.api.url}/v1/convert/build-transaction`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            projectId: 'portico-dev',
            amount: parseEther('1').toString(),
            from: caip(NATIVE),
            to: caip(tokens.USDC),
            userAddress: caip(user),
            eip155: { slippage: 1 },
          }),
        }),
      ),
    )
  }
  for (const [name, samples] of rows) console.log(`${name}: ${stats(samples)}`)
}

async function browserBench(stack: Stack) {
  const rpcUrl = stack.devnet.chains[0]?.rpcUrl
  if (!rpcUrl) throw new Error('no chain')
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  })
  const quoteShown: number[] = []
  const swapReady: number[] = []
  const confirmed: number[] = []
  try {
    for (let run = 0; run < RUNS; run++) {
      const privateKey = generatePrivateKey()
      await createTestClient({ mode: 'anvil', transport: http(rpcUrl) }).setBalance({
        address: privateKeyToAccount(privateKey).address,
        value: parseEther('10'),
      })
      const context = await browser.newContext()
      const wallet = { ...stack.devWalletConfig(0), privateKey }
      await context.addInitScript(`window.__PORTICO_DEV_WALLET__=${JSON.stringify(wallet)}`)
      await context.addInitScript({ path: stack.devWalletBundle })
      const page = await context.newPage()
      await page.goto(stack.demoUrl)
      await page.getByRole('button', { name: 'Connect Wallet', exact: true }).click()
      await page
        .getByRole('list', { name: 'Wallets' })
        .getByRole('button', { name: 'Portico Dev Wallet' })
        .click()
      await page.getByRole('button', { name: /^Open account 0x/ }).click()
      const account = page.getByRole('dialog', { name: 'Account' })
      await account
        .getByRole('navigation', { name: 'Wallet features' })
        .getByRole('button', { name: 'Swap' })
        .click()
      const swap = page.getByRole('dialog', { name: 'Swap' })
      await swap.getByRole('button', { name: /^Choose the token to receive/ }).click()
      const select = page.getByRole('dialog', { name: 'Select Token' })
      await select.getByRole('textbox', { name: 'Search token' }).fill('USDC')
      const usdc = select
        .getByRole('list', { name: 'Popular tokens' })
        .getByRole('button', { name: /^USDC / })
      await usdc.waitFor()
      const picked = performance.now()
      await usdc.click()
      const received = swap.getByRole('textbox', { name: 'Amount to receive' })
      // Polled every 5 ms: the figures carry that much resolution.
      while (!(await received.inputValue())) await page.waitForTimeout(5)
      quoteShown.push(performance.now() - picked)
      const button = swap.getByRole('button', { name: 'Swap', exact: true })
      while (!((await button.count()) === 1 && (await button.isEnabled()))) await page.waitForTimeout(5)
      swapReady.push(performance.now() - picked)
      const clicked = performance.now()
      await button.click()
      await page
        .getByRole('status', { name: 'Notifications' })
        .getByText(/^Swapped /)
        .waitFor()
      confirmed.push(performance.now() - clicked)
      await context.close()
      log(`run ${run + 1}/${RUNS} done`)
    }
  } finally {
    await browser.close()
  }
  console.log(`UI: USDC picked → quote shown (back-transition included): ${stats(quoteShown)}`)
  console.log(`UI: USDC picked → Swap ready (allowance + build): ${stats(swapReady)}`)
  console.log(`UI: Swap clicked → 'Swapped …' (signed, mined, receipt): ${stats(confirmed)}`)
}

async function main() {
  rmSync(TMP, { recursive: true, force: true })
  mkdirSync(TMP, { recursive: true })
  log(`starting the stack with the DEX (demo :${PORTS.demo}, chains :${PORTS.chainA}/:${PORTS.chainB})`)
  const stack = await startStack({
    ports: PORTS,
    demoBuild: 'test',
    fixtures: true,
    relayPort: Number(process.env.PORTICO_RELAY_PORT ?? 6190),
    api: { port: Number(process.env.PORTICO_API_PORT ?? 6180), sqliteFile: path.join(TMP, 'api.sqlite') },
  })
  try {
    const user = privateKeyToAccount(generatePrivateKey()).address
    const rpcUrl = stack.devnet.chains[0]?.rpcUrl ?? ''
    // build-transaction estimates the swap's gas from the user: it needs the ETH it swaps.
    await createTestClient({ mode: 'anvil', transport: http(rpcUrl) }).setBalance({
      address: user,
      value: parseEther('100'),
    })
    await apiBench(stack, stack.devnet.chains[0]?.chainId ?? 31337, user)
    await browserBench(stack)
  } finally {
    await stack.stop()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
