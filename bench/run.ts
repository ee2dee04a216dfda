/**
 * Portico benchmarks (budgets: bench/README.md): bundle bytes, time to open, heap, plugin remote sizes and where the
 * page sends requests, measured in headless Chromium against the local stack. Reported, not asserted.
 *
 *   npm run bench                 build, then measure
 *   npm run bench -- --no-build   measure the current dist/
 *   npm run bench -- --runs 9     fresh page loads for the click → painted median (default 5)
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/chromium.ts'
import { startStack } from '../scripts/lib/stack.ts'
import {
  buildWithStats,
  type ChunkReport,
  describeChunks,
  moduleNames,
  separateStats,
} from './lib/buildStats.ts'
import { heap, newContext, visitPlugins } from './lib/demoVisit.ts'
import { NetworkLog, type Req } from './lib/networkLog.ts'
import { HOVER_GAPS, longTasksSinceHover, median as medianOf, pointerThenClick } from './lib/pageMetrics.ts'
import { BENCH_PORTS } from './lib/ports.ts'

const ROOT = path.resolve(import.meta.dirname, '..')
const DIST = path.join(ROOT, 'dist')
const TMP = path.join(import.meta.dirname, '.tmp')
const args = process.argv.slice(2)
const RUNS = Number(args[args.indexOf('--runs') + 1]) || 5
const BUILD = !args.includes('--no-build')
const PORTS = BENCH_PORTS
const RELAY_PORT = Number(process.env.PORTICO_RELAY_PORT ?? 6190)
const API_PORT = Number(process.env.PORTICO_API_PORT ?? 6180)
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

const BUTTON = 'Connect Wallet'
const WALLET_TEXT = 'Portico Dev Wallet'
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`
const log = (line: string) => console.error(`› ${line}`)

// ───────────────────────────── main ─────────────────────────────

interface Row {
  measure: string
  value: string
  budget: string
  ok: boolean | undefined
}

async function main(): Promise<void> {
  mkdirSync(TMP, { recursive: true })
  const names = moduleNames(BUILD ? buildWithStats() : await separateStats())

  log(
    `starting the stack (demo :${PORTS.demo}, plugins :${PORTS.plugins}, chains :${PORTS.chainA}/:${PORTS.chainB}, solana :${PORTS.solana}, relay :${RELAY_PORT}, api :${API_PORT})`,
  )
  const apiDatabase = path.join(TMP, 'api', 'api.sqlite')
  rmSync(path.dirname(apiDatabase), { recursive: true, force: true })
  mkdirSync(path.dirname(apiDatabase), { recursive: true })
  const stack = await startStack({
    ports: PORTS,
    devWalletOnPage: false,
    demoBuild: 'test', // ?features= needs the demo's test build
    fixtures: false,
    relayPort: RELAY_PORT,
    api: { port: API_PORT, sqliteFile: apiDatabase },
  })
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    headless: true,
  })
  try {
    const pageOrigin = new URL(stack.demoUrl).origin
    // The page as \`npm start\` serves it (dist/demo, no query-override code): the load, the open and their
    // timings. The plugin visit below needs the test build's ?features=.
    const startPage = `${stack.demoUrl}default/`
    const pluginsOrigin = new URL(stack.pluginsUrl).origin

    // 1, 2, 4, 5, 6, 7: one visit through load → first open → connect → Account → Receive.
    log('visit: load, first open')
    const context = await newContext(browser, stack)
    const page = await context.newPage()
    const consoleLines: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning' || message.type() === 'error')
        consoleLines.push(`${message.type()}: ${message.text().slice(0, 160)}`)
    })
    const { log: network, cdp } = await NetworkLog.attach(page)
    await page.goto(startPage, { waitUntil: 'networkidle' })
    const beforeOpen = network.requests.slice()
    // The React binding fetches the kernel body on intent or first use (a performance mark
    // 'portico:kernel-body'); should anything fetch it before network idle, the page's own JS (what runs
    // before the first interaction) is what started before that mark, the rest is the body.
    const beforeBody = await page.evaluate(() => {
      const mark = performance.getEntriesByName('portico:kernel-body')[0]?.startTime
      return {
        mark,
        urls: performance
          .getEntriesByType('resource')
          .filter((entry) => mark === undefined || entry.startTime < mark)
          .map((entry) => entry.name),
      }
    })
    // As a person opens it: the pointer onto the button (its pointer-enter preload runs), then the click
    // (no rest: the worst case). The open's JS counts from the pointer's arrival; the heap is read once
    // the network is quiet after the open.
    network.phase = 'open'
    await pointerThenClick(page, BUTTON, WALLET_TEXT, 0)
    await network.idle()
    const openLongTasks = await longTasksSinceHover(page)
    const heapOpen = await heap(cdp)
    // Chromium reports a preload not used within ~3 s of its load: wait that long before reading the console.
    await page.waitForTimeout(3_500)
    await context.close()

    // 5: every plugin in dist/plugins switched on, then each wallet feature and account tab opened.
    const pluginIds = existsSync(path.join(DIST, 'plugins')) ? readdirSync(path.join(DIST, 'plugins')) : []
    log(`visit: plugins ${pluginIds.join(', ')} on; connect; open each wallet feature and tab`)
    const pluginVisit = await visitPlugins(browser, stack, pluginIds)

    // Heap of a page holding only the dev wallet, for scale (it shares the page's JS heap).
    const blankContext = await newContext(browser, stack)
    const blank = await blankContext.newPage()
    await blank.route(`${pageOrigin}/bench-blank`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>blank</title>' }),
    )
    await blank.goto(`${pageOrigin}/bench-blank`)
    const heapWalletOnly = await heap(await blankContext.newCDPSession(blank))
    await blankContext.close()

    // 3: pointer on the button, a rest of 0 or 150 ms, click → Connect view painted, fresh page loads.
    const timings: Record<number, number[]> = Object.fromEntries(HOVER_GAPS.map((gap) => [gap, []]))
    for (let run = 0; run < RUNS; run++) {
      for (const gap of HOVER_GAPS) {
        log(`pointer, ${gap} ms, click → painted, load ${run + 1}/${RUNS}`)
        const timingContext = await newContext(browser, stack)
        const timingPage = await timingContext.newPage()
        await timingPage.goto(startPage, { waitUntil: 'networkidle' })
        timings[gap]?.push(await pointerThenClick(timingPage, BUTTON, WALLET_TEXT, gap))
        await timingContext.close()
      }
    }

    // ── numbers ──
    const loadScripts = beforeOpen.filter((req) => req.type === 'Script')
    const loadJs = loadScripts.reduce((sum, req) => sum + req.transferred, 0)
    const loadJsBody = loadScripts.reduce((sum, req) => sum + req.body, 0)
    const demoDir = path.join(DIST, 'demo')
    const beforeChunks = describeChunks(loadScripts, demoDir, names)
    const earlyUrls = new Set(beforeBody.urls)
    const pageScripts = loadScripts.filter((req) => earlyUrls.has(req.url))
    const bodyScripts = loadScripts.filter((req) => !earlyUrls.has(req.url))
    const pageJsBody = pageScripts.reduce((sum, req) => sum + req.body, 0)
    const preloadedBody = bodyScripts.reduce((sum, req) => sum + req.body, 0)
    const allOpenScripts = network.scripts('open')
    const openJs = allOpenScripts.reduce((sum, req) => sum + req.transferred, 0)
    const openScripts = allOpenScripts.filter((req) => new URL(req.url).origin === pageOrigin)
    const openChunks = describeChunks(openScripts, demoDir, names)
    const reactBody = beforeChunks.reduce((sum, chunk) => sum + chunk.reactBody, 0)
    const kernelBeforeOpen = loadJsBody - reactBody
    const kernelThroughOpen =
      kernelBeforeOpen + openChunks.reduce((sum, chunk) => sum + chunk.body - chunk.reactBody, 0)

    const plugins = pluginIds.map((id) => {
      // The bench runs with the HTTP cache off, so the entry read by the kernel's integrity check and then
      // by the script tag is downloaded twice here; a browser reads it once (the second is a 304). Count
      // each file once.
      const seen = new Set<string>()
      const own = pluginVisit.requests.filter((req) => {
        const url = new URL(req.url)
        if (url.origin !== pluginsOrigin || !url.pathname.startsWith(`/plugins/${id}/`)) return false
        if (seen.has(url.href)) return false
        seen.add(url.href)
        return true
      })
      // Entry URLs carry ?v=<hash>; the manifest is metadata, counted apart from code.
      const fileOf = (req: Req) => path.basename(new URL(req.url).pathname)
      const entry = own.filter((req) => fileOf(req) === 'remoteEntry.js')
      const chunks = own.filter((req) => !['remoteEntry.js', 'mf-manifest.json'].includes(fileOf(req)))
      const sum = (list: Req[]) => list.reduce((total, req) => total + req.body, 0)
      const shipsReact = own.some((req) => {
        const file = path.join(DIST, 'plugins', id, path.basename(new URL(req.url).pathname))
        return (
          existsSync(file) &&
          /react\.transitional\.element|__CLIENT_INTERNALS_DO_NOT_USE/.test(readFileSync(file, 'utf8'))
        )
      })
      const failure = pluginVisit.errors.find((text) => text.includes(`"${id}"`))
      return { id, entry: sum(entry), chunks: sum(chunks), files: own.length, shipsReact, failure }
    })

    const nonLocal = [...network.requests, ...pluginVisit.requests].filter((req) => {
      const url = new URL(req.url)
      return /^(https?|wss?):$/.test(url.protocol) && !LOCAL_HOSTS.has(url.hostname)
    })
    const servicesBeforeOpen = beforeOpen.filter(
      (req) => /^(https?|wss?):$/.test(new URL(req.url).protocol) && new URL(req.url).origin !== pageOrigin,
    )

    const rows: Row[] = [
      {
        measure: 'Demo page JS until network idle (gzip transferred, React included)',
        value: `${kb(loadJs)} (${kb(loadJsBody)} bodies) in ${loadScripts.length} JS requests`,
        budget: '≤ 80 KiB gzip, preloads included; ≤ 10 JS requests',
        ok: loadJs <= 80 * 1024 && loadScripts.length <= 10,
      },
      {
        measure:
          '  … of which before the kernel body is fetched: the page before any interaction (gzip bodies)',
        value:
          beforeBody.mark === undefined
            ? `${kib(pageJsBody)} (no kernel body fetched before network idle)`
            : `${kib(pageJsBody)} (${pageJsBody} B) in ${pageScripts.length} JS requests; kernel body before network idle ${kib(preloadedBody)} (${preloadedBody} B) in ${bodyScripts.length}`,
        budget: '≤ 80 KiB gzip, React included',
        ok: pageJsBody <= 80 * 1024,
      },
      {
        measure: 'Kernel JS before the first open, React excluded (gzip)',
        value: `${kb(kernelBeforeOpen)} (total ${kb(loadJsBody)} − React ≈${kb(reactBody)}${
          beforeBody.mark === undefined
            ? ''
            : `; ${kb(pageJsBody - reactBody)} before any interaction + ${kb(preloadedBody)} kernel body before network idle`
        })`,
        budget: '≤ 60 KB gzip (federation runtime included)',
        ok: kernelBeforeOpen <= 60_000,
      },
      {
        measure: '  … through the first open (adds chunks loaded on click, e.g. federation runtime)',
        value: kb(kernelThroughOpen),
        budget: '(for scale)',
        ok: undefined,
      },
      ...HOVER_GAPS.map((gap): Row => {
        const runs = timings[gap] ?? []
        const median = medianOf(runs)
        return {
          measure: `Pointer on Connect, ${gap} ms, click → Connect view painted (median of ${RUNS} fresh loads)`,
          value: `${median.toFixed(1)} ms (runs: ${runs.map((t) => t.toFixed(1)).join(', ')})`,
          budget: '≤ 16.7 ms median (one frame)',
          ok: median <= 16.7,
        }
      }),
      {
        measure: 'Long tasks during the open (pointer-enter → network quiet)',
        value: `${openLongTasks.toFixed(0)} ms`,
        budget: '0',
        ok: openLongTasks === 0,
      },
      {
        measure: 'JS fetched by a disconnected open, pointer-enter included, every origin (gzip transferred)',
        value: `${kib(openJs)} in ${allOpenScripts.length} JS requests`,
        budget: '≤ 25 KiB gzip',
        ok: openJs <= 25 * 1024,
      },
      {
        measure: 'JS heap used with the modal open, network quiet (after GC)',
        value: `${mib(heapOpen.used)} (JSHeapUsedSize ${mib(heapOpen.metric)}); dev wallet alone ${mib(heapWalletOnly.used)}`,
        budget: '≤ 4 MiB',
        ok: heapOpen.used <= 4 * 1024 * 1024,
      },
      ...plugins.map((plugin): Row => {
        const measure = `Plugin "${plugin.id}" own remote code (gzip bodies)`
        const budget = '≤ 15 KB gzip, no React of its own'
        if (plugin.files === 0)
          return {
            measure,
            value: `not loaded${plugin.failure ? `: ${plugin.failure}` : ''}`,
            budget,
            ok: undefined,
          }
        const total = plugin.entry + plugin.chunks
        return {
          measure,
          value: `${kb(total)} (${total} B): remoteEntry ${kb(plugin.entry)} + chunks ${kb(plugin.chunks)} (${plugin.files} files), ${plugin.shipsReact ? 'SHIPS REACT' : 'no React'}`,
          budget,
          ok: total <= 15_000 && !plugin.shipsReact,
        }
      }),
      {
        measure: 'Console warnings and errors, load → open → 3.5 s after (e.g. "preloaded but not used")',
        value:
          consoleLines.length === 0
            ? 'none'
            : `${consoleLines.length}: ${[...new Set(consoleLines)].slice(0, 4).join(' / ')}`,
        budget: 'none',
        ok: consoleLines.length === 0,
      },
      {
        measure: 'Requests to non-local hosts (whole visit)',
        value:
          nonLocal.length === 0 ? '0' : `${nonLocal.length}: ${nonLocal.map((req) => req.url).join(', ')}`,
        budget: '0',
        ok: nonLocal.length === 0,
      },
      {
        measure: 'Requests to a service before the first open',
        value: servicesBeforeOpen.length === 0 ? 'none' : servicesBeforeOpen.map((req) => req.url).join(', '),
        budget: 'none',
        ok: servicesBeforeOpen.length === 0,
      },
    ]

    const table = [
      '| Measure | Measured | Budget | |',
      '|---|---|---|---|',
      ...rows.map(
        (row) =>
          `| ${row.measure} | ${row.value} | ${row.budget} | ${row.ok === undefined ? '' : row.ok ? 'ok' : 'OVER'} |`,
      ),
    ].join('\n')
    const chunkTable = (title: string, chunks: ChunkReport[]) =>
      [
        `\n${title}`,
        '| Chunk | gzip body | React (est.) | Largest modules (gzip alone) |',
        '|---|---|---|---|',
        ...chunks.map(
          (chunk) =>
            `| ${chunk.file} | ${kb(chunk.body)} | ${chunk.reactBody ? kb(chunk.reactBody) : '—'} | ${
              chunk.top.map((module) => `${module.name} ${kb(module.gzip)}`).join('; ') || '(runtime + entry)'
            } |`,
        ),
      ].join('\n')

    console.log(
      `\nPortico bench — headless Chromium, ${new Date().toISOString()} (KB = 1,000 bytes); load average ${loadavg()
        .map((n) => n.toFixed(2))
        .join(' ')} (${cpus().length} cores)\n`,
    )
    console.log(table)
    console.log(
      chunkTable(
        'JS before the first open (demo origin; * = kernel body, fetched before network idle):',
        beforeChunks.map((chunk) => {
          const preloaded = bodyScripts.some((req) => new URL(req.url).pathname.endsWith(`/${chunk.file}`))
          return preloaded ? { ...chunk, file: `${chunk.file} *` } : chunk
        }),
      ),
    )
    console.log(chunkTable('JS loaded by the first open (demo origin):', openChunks))
    for (const module of beforeChunks.flatMap((chunk) => chunk.top).filter((m) => m.parts.length > 5)) {
      const total = module.parts.reduce((sum, part) => sum + part.size, 0)
      console.log(
        `\nInside ${module.name} (${kb(module.gzip)} gzip), largest parts by source size before minify:`,
      )
      for (const part of module.parts.slice(0, 12))
        console.log(`  ${((100 * part.size) / total).toFixed(1).padStart(5)} %  ${part.name}`)
    }
    console.log(
      '\nTransferred = CDP Network.loadingFinished encodedDataLength (headers + gzip body); bodies = without headers.' +
        '\nReact share of a chunk is estimated from the gzip size of its React modules (react, react-dom, scheduler) alone.',
    )
    writeFileSync(
      path.join(TMP, 'results.json'),
      JSON.stringify(
        { rows, timings, beforeChunks, openChunks, plugins, beforeBody, requests: network.requests },
        null,
        2,
      ),
    )
  } finally {
    await browser.close()
    await stack.stop()
  }
}

await main()
