/**
 * Embedded wallet: email code submitted → connected, and a social provider clicked → connected.
 *
 *   npx tsx bench/embedded.ts [--runs 5]
 *
 * Needs a build (dist/). Starts the stack on the bench's ports (auth frame, IdP, bundler included) and
 * in headless Chromium, per run on a fresh page and a fresh identity:
 * 1. email: type the address, Continue, read the code from the dev mailbox; then time from typing the
 *    code (the view submits the sixth digit) to the account button shown (frame verifies, keys, GET_USER,
 *    the kernel connects);
 *    then the approval of a signature (the demo's "Sign with getProvider", personal_sign): from the click
 *    to the request shown in the wallet frame, and from the hover-then-click on the frame's own Approve
 *    (once armed) to the signature in the page (one-time approval, signing, the reply);
 * 2. social (GitHub): time from the provider click to the IdP's sign-in page in the popup (each run's
 *    steps printed: popup, frame messages, the popup's requests, the IdP page's timing; lib/socialSteps.ts),
 *    clicked as soon as the button shows, once the Connect view has settled (its network quiet: what it
 *    fetches when idle is in), and as a person does, the pointer resting on the button first (its
 *    pointer-enter starts the socials plugin's load); and from its Sign in click to the account
 *    button shown (code exchange, ID token checks, CONNECT_SOCIAL).
 * Timed from the test driver (Playwright round trips included, a few ms each). Everything is local.
 */
import { rmSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { type Browser, chromium, type Page } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.ts'
import { type Stack, startStack } from '../scripts/lib/stack.ts'
import { HOVER_GAPS } from './lib/pageMetrics.ts'
import { BENCH_PORTS } from './lib/ports.ts'
import { popupTiming, relative, SOCIAL_PROBE, type Step, watchSocial } from './lib/socialSteps.ts'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } })
const RUNS = Math.max(1, Number(values.runs) || 5)
const TMP = path.join(import.meta.dirname, '.tmp', 'embedded')
const PORTS = BENCH_PORTS
const log = (line: string) => console.error(`› ${line}`)
/** The longer of bench/run.ts's pointer rests (HOVER_GAPS): a person's pointer reaches a button before the press. */
const SOCIAL_REST_MS = HOVER_GAPS[HOVER_GAPS.length - 1]

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? 0
const row = (name: string, samples: number[]) =>
  `| ${name} | ${median(samples).toFixed(0)} ms | ${samples.map((ms) => ms.toFixed(0)).join(', ')} |`

async function mailboxCode(stack: Stack, email: string): Promise<string> {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (!stack.authFrame.mailboxUrl) throw new Error('the stack runs the auth frame without its dev mailbox')
    const answer = (await (
      await fetch(`${stack.authFrame.mailboxUrl}?to=${encodeURIComponent(email)}`)
    ).json()) as { messages: { code?: string }[] }
    const code = answer.messages.find((message) => message.code)?.code
    if (code) return code
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`no code mailed to ${email}`)
}

/** Resolves once nothing the page (frames included) requested is in flight and nothing moved for `quietMs`. */
function networkQuiet(page: Page): (quietMs?: number) => Promise<void> {
  let inFlight = 0
  let last = Date.now()
  page.on('request', () => {
    inFlight++
    last = Date.now()
  })
  const ended = () => {
    inFlight--
    last = Date.now()
  }
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)
  return async (quietMs = 500) => {
    while (inFlight > 0 || Date.now() - last < quietMs)
      await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

async function freshDemo(
  browser: Browser,
  stack: Stack,
  initScript?: string,
): Promise<{ page: Page; quiet: (quietMs?: number) => Promise<void> }> {
  const context = await browser.newContext()
  if (initScript) await context.addInitScript(initScript)
  const page = await context.newPage()
  const quiet = networkQuiet(page)
  await page.goto(stack.demoUrl, { waitUntil: 'networkidle' })
  await page.getByRole('button', { name: 'Connect Wallet', exact: true }).click()
  return { page, quiet }
}

const accountButton = (page: Page) => page.getByRole('button', { name: /^Open account 0x/ })
const connected = (page: Page) =>
  page.getByRole('dialog', { name: 'Connect Wallet' }).waitFor({ state: 'hidden' })

interface EmailRun {
  connect: number
  requestShown: number
  approveToSignature: number
}

async function emailRun(browser: Browser, stack: Stack, run: number): Promise<EmailRun> {
  const { page } = await freshDemo(browser, stack)
  const email = `bench-${Date.now()}-${run}@portico.test`
  const dialog = page.getByRole('dialog', { name: 'Connect Wallet' })
  await dialog.getByLabel('Email').fill(email)
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
  const confirm = page.getByRole('dialog', { name: 'Confirm Email' })
  await confirm.waitFor()
  const code = await mailboxCode(stack, email)
  const start = performance.now()
  // Six digit boxes; the code typed into the first fills them all and the sixth submits (as a paste does).
  await confirm
    .getByRole('group', { name: 'Verification code' })
    .getByRole('textbox', { name: 'Digit 1 of 6' })
    .fill(code)
  await connected(page)
  await accountButton(page).waitFor()
  const connect = performance.now() - start

  const rpc = page.getByRole('region', { name: 'RPC requests' })
  const wallet = page.frameLocator('iframe[title="Embedded wallet"]')
  const asked = performance.now()
  await rpc.getByRole('button', { name: 'Sign with getProvider' }).click()
  await wallet.getByRole('heading', { name: 'Sign a message' }).waitFor()
  const requestShown = performance.now() - asked
  const approve = wallet.getByRole('button', { name: 'Approve' })
  // As a person: the pointer on the (armed) button first, then the click.
  await approve.hover()
  // Waits until Approve is armed (enabled) without clicking.
  await approve.click({ trial: true })
  const clicked = performance.now()
  await approve.click()
  await rpc.getByRole('status', { name: 'getProvider signature' }).filter({ hasText: /^0x/ }).waitFor()
  const approveToSignature = performance.now() - clicked
  await page.context().close()
  return { connect, requestShown, approveToSignature }
}

/**
 * `settled`: the Connect view's network quiet before the click. `restMs`: the pointer rests on the button
 * that long first, as a person's does (its pointer-enter starts the plugin's load; the time counts from
 * the click, as bench/run.ts's pointer-then-click does).
 */
async function socialRun(
  browser: Browser,
  stack: Stack,
  run: number,
  settled: boolean,
  restMs?: number,
): Promise<[number, number, string[]]> {
  const { page, quiet } = await freshDemo(browser, stack, SOCIAL_PROBE)
  const github = page
    .getByRole('dialog', { name: 'Connect Wallet' })
    .getByRole('button', { name: 'Continue with GitHub' })
  if (settled) {
    await github.waitFor()
    await quiet()
  }
  if (restMs !== undefined) {
    await github.hover()
    await page.waitForTimeout(restMs)
  }
  const watched = watchSocial(page.context(), page)
  const popupOpened = page.waitForEvent('popup')
  const clicked = performance.now()
  await github.click()
  const popup = await popupOpened
  await popup.getByRole('heading', { name: 'Sign in with GitHub' }).waitFor()
  const toIdp = performance.now() - clicked
  const steps = relative([
    ...watched.steps,
    ...((await page.evaluate('window.__benchSocial')) as Step[]),
    ...(await popupTiming(popup)),
    ['IdP heading visible (driver)', Date.now()],
  ])
  await popup.getByLabel('Email').fill(`bench-${Date.now()}-${run}@portico.dev`)
  await popup.getByLabel('Username').fill(`bench_${run}`)
  const signedIn = performance.now()
  await popup.getByRole('button', { name: 'Sign in', exact: true }).click()
  await connected(page)
  await accountButton(page).waitFor()
  const back = performance.now() - signedIn
  await page.context().close()
  return [toIdp, back, steps]
}

async function main() {
  rmSync(TMP, { recursive: true, force: true })
  const stack = await startStack({
    ports: PORTS,
    demoBuild: 'test',
    fixtures: true,
    relayPort: Number(process.env.PORTICO_RELAY_PORT ?? 6190),
    api: { port: Number(process.env.PORTICO_API_PORT ?? 6180), sqliteFile: path.join(TMP, 'api.sqlite') },
    authFrame: { sqliteFile: path.join(TMP, 'auth-frame.sqlite') },
    log,
  })
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  })
  try {
    const email: number[] = []
    const shown: number[] = []
    const signed: number[] = []
    const toIdp: number[] = []
    const toIdpSettled: number[] = []
    const toIdpRested: number[] = []
    const back: number[] = []
    for (let run = 0; run < RUNS; run++) {
      log(`run ${run + 1}/${RUNS}`)
      const result = await emailRun(browser, stack, run)
      email.push(result.connect)
      shown.push(result.requestShown)
      signed.push(result.approveToSignature)
      const [idp, connect, steps] = await socialRun(browser, stack, run, false)
      console.error(`social run ${run + 1}, click → IdP page, step by step:\n${steps.join('\n')}`)
      toIdp.push(idp)
      back.push(connect)
      const [settledIdp, , settledSteps] = await socialRun(browser, stack, run, true)
      console.error(
        `social run ${run + 1}, the view settled first, click → IdP page:\n${settledSteps.join('\n')}`,
      )
      toIdpSettled.push(settledIdp)
      const [restedIdp, , restedSteps] = await socialRun(browser, stack, run, true, SOCIAL_REST_MS)
      console.error(
        `social run ${run + 1}, settled, pointer rests ${SOCIAL_REST_MS} ms, click → IdP page:\n${restedSteps.join('\n')}`,
      )
      toIdpRested.push(restedIdp)
    }
    console.log(`\nEmbedded wallet — headless Chromium, ${new Date().toISOString()}, ${RUNS} runs\n`)
    console.log('| Measure | Median | Runs |\n|---|---|---|')
    console.log(row('Email: code typed → connected', email))
    console.log(row('Sign click → request shown in the wallet frame', shown))
    console.log(row('Approve click (frame) → signature in the page', signed))
    console.log(row('Social (GitHub): click as soon as shown → IdP sign-in page in the popup', toIdp))
    console.log(row('Social (GitHub): view settled, click → IdP sign-in page in the popup', toIdpSettled))
    console.log(
      row(
        `Social (GitHub): view settled, pointer on the button, ${SOCIAL_REST_MS} ms, click → IdP sign-in page in the popup`,
        toIdpRested,
      ),
    )
    console.log(row('Social (GitHub): Sign in at the IdP → connected', back))
  } finally {
    await browser.close()
    await stack.stop()
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
