/**
 * Portico beside its peers, in one run on one machine: minimal ConnectKit, RainbowKit, AppKit and thirdweb apps
 * (bench/peers/<name>: a Connect button and each library's documented default config, built here from
 * npm) and the Portico demo, each measured the same way (bench/lib/pageMetrics.ts) with the same
 * injected dev wallet on the same local chain. Hosted services the peers' defaults call are blocked
 * (no internet here) and listed.
 *
 *   npx tsx bench/peers.ts [--runs 5] [--no-build]   (--no-build: reuse dist/ and bench/.tmp/peers/)
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.ts'
import { portsFromEnv } from '../scripts/lib/ports.ts'
import { startStack } from '../scripts/lib/stack.ts'
import { startStaticServer } from '../scripts/lib/staticServer.ts'
import { HOVER_GAPS, type ModalMetrics, type ModalTarget, measureModal, median } from './lib/pageMetrics.ts'
import { buildPeer, installPeer, PEER_NAMES } from './lib/peerBuild.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const TMP = path.join(import.meta.dirname, '.tmp')
const args = process.argv.slice(2)
const RUNS = Number(args[args.indexOf('--runs') + 1]) || 5
const BUILD = !args.includes('--no-build')
/** Its own ports, apart from npm start (4xxx), e2e (5xxx) and bench/run.ts (6xxx). */
const PORTS = portsFromEnv(process.env, {
  demo: 7173,
  plugins: 7174,
  chainA: 7545,
  chainB: 7546,
  solana: 7899,
  authFrame: 7200,
  idp: 7201,
  bundler: 7337,
  onramp: 7202,
  bitcoin: 21443,
})
const PEERS_PORT = Number(process.env.PORTICO_PEERS_PORT ?? 7300)

const log = (line: string) => console.error(`› ${line}`)
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`

async function main(): Promise<void> {
  if (BUILD || !existsSync(path.join(ROOT, 'dist/demo-test/index.html'))) {
    log('building Portico (npm run build)')
    const { spawnSync } = await import('node:child_process')
    const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: 'inherit' })
    if (result.status !== 0) throw new Error('npm run build failed')
  }
  const peersOut = path.join(TMP, 'peers')
  for (const name of PEER_NAMES) {
    installPeer(name, log)
    if (BUILD || !existsSync(path.join(peersOut, name, 'index.html'))) {
      log(`building the ${name} peer`)
      await buildPeer(name, path.join(peersOut, name))
    }
  }

  const stack = await startStack({
    ports: PORTS,
    demoBuild: 'test',
    relayPort: Number(process.env.PORTICO_RELAY_PORT ?? 7190),
    api: {
      port: Number(process.env.PORTICO_API_PORT ?? 7180),
      sqliteFile: path.join(TMP, 'peers-api.sqlite'),
    },
    log,
  })
  const peers = await startStaticServer({
    host: 'localhost',
    port: PEERS_PORT,
    mounts: PEER_NAMES.map((name) => ({ prefix: `/${name}/`, dir: path.join(peersOut, name) })),
  })
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  })
  try {
    const chain = stack.devnet.chains[0]
    if (!chain) throw new Error('no devnet chain')
    const wallet = [
      { content: `window.__PORTICO_DEV_WALLET__=${JSON.stringify(stack.devWalletConfig(0))}` },
      { path: stack.devWalletBundle },
    ]
    const targets: ModalTarget[] = [
      {
        label: 'Portico',
        // What `npm start` serves (dist/demo; the test stack mounts it at /default/).
        url: `${stack.demoUrl}default/`,
        button: 'Connect Wallet',
        walletText: 'Portico Dev Wallet',
        initScripts: wallet,
      },
      ...PEER_NAMES.map(
        (name): ModalTarget => ({
          label: name,
          url: `${peers.url}/${name}/`,
          button: /^Connect( Wallet)?$/,
          walletText: 'Portico Dev Wallet',
          initScripts: [
            {
              content: `window.__PEER__=${JSON.stringify({ chainId: chain.chainId, rpcUrl: chain.rpcUrl })}`,
            },
            ...wallet,
          ],
        }),
      ),
    ]
    const results: { target: ModalTarget; metrics: ModalMetrics }[] = []
    for (const target of targets) {
      log(`measuring ${target.label}`)
      results.push({ target, metrics: await measureModal(browser, target, RUNS) })
    }
    console.log(report(results))
    mkdirSync(TMP, { recursive: true })
    writeFileSync(
      path.join(TMP, 'peers.json'),
      JSON.stringify(
        results.map(({ target, metrics }) => ({ label: target.label, ...metrics })),
        null,
        2,
      ),
    )
  } finally {
    await browser.close()
    await peers.close()
    await stack.stop()
  }
}

function report(results: { target: ModalTarget; metrics: ModalMetrics }[]): string {
  const portico = results[0]?.metrics
  if (!portico) return ''
  const ratio = (value: number, base: number) => (base > 0 ? `${(value / base).toFixed(1)}×` : '—')
  const rows = [
    {
      measure: 'JS to network idle, before any interaction (gzip transferred, React included)',
      value: (m: ModalMetrics) => m.jsTransferred,
      show: (m: ModalMetrics) => `${kib(m.jsTransferred)} in ${m.jsRequests}`,
    },
    ...HOVER_GAPS.map((gap) => ({
      measure: `Pointer on the button, ${gap} ms, click → wallet list painted (median of ${RUNS} fresh loads)`,
      value: (m: ModalMetrics) => median(m.clickMs[gap] ?? []),
      show: (m: ModalMetrics) => `${median(m.clickMs[gap] ?? []).toFixed(1)} ms`,
    })),
    {
      measure: 'JS fetched by the open, pointer-enter included (gzip transferred)',
      value: (m: ModalMetrics) => m.openJsTransferred,
      show: (m: ModalMetrics) => `${kib(m.openJsTransferred)} in ${m.openJsRequests}`,
    },
    {
      measure: 'Long tasks during the open (pointer-enter → network quiet)',
      value: (m: ModalMetrics) => m.openLongTasksMs,
      show: (m: ModalMetrics) => `${m.openLongTasksMs.toFixed(0)} ms`,
    },
    {
      measure: 'JS heap with the modal open, network quiet (after GC)',
      value: (m: ModalMetrics) => m.heapOpen,
      show: (m: ModalMetrics) => mib(m.heapOpen),
    },
  ]
  const header = `| Measure | ${results.map(({ target }) => target.label).join(' | ')} |`
  const lines = [
    `\nPortico and its peers — headless Chromium, ${new Date().toISOString()}; ratio = peer ÷ Portico; load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(' ')} (${cpus().length} cores)\n`,
    header,
    `|---|${results.map(() => '---').join('|')}|`,
    ...rows.map(
      (row) =>
        `| ${row.measure} | ${results
          .map(({ metrics }, index) =>
            index === 0
              ? row.show(metrics)
              : `${row.show(metrics)} (${ratio(row.value(metrics), row.value(portico))})`,
          )
          .join(' | ')} |`,
    ),
    ...HOVER_GAPS.map(
      (gap) =>
        `| Click runs, ${gap} ms gap (ms) | ${results.map(({ metrics }) => (metrics.clickMs[gap] ?? []).map((ms) => ms.toFixed(1)).join(', ')).join(' | ')} |`,
    ),
    `| Hosted services called (blocked) | ${results.map(({ metrics }) => metrics.blockedHosts.join(', ') || 'none').join(' | ')} |`,
  ]
  return lines.join('\n')
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
