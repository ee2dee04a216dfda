import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '../..')

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (name === 'node_modules' || name === 'dist') return []
    return statSync(full).isDirectory() ? sources(full) : /\.tsx?$/.test(name) ? [full] : []
  })
}

const imports = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map(
    (match) => match[1] ?? '',
  )

const KERNEL_SRC = path.join(ROOT, 'kernel/src')
const isTest = (file: string) => /\.test\.tsx?$/.test(file)
const kernelFile = (file: string) => path.relative(KERNEL_SRC, file).split(path.sep).join('/')

/** `file:line` of every line of `files` that `pattern` matches. */
const linesMatching = (files: readonly string[], pattern: RegExp) =>
  files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, at) => (pattern.test(line) ? [`${kernelFile(file)}:${at + 1}`] : [])),
  )

/** A specifier's import clause names only types (`import type …`, `import { type A, type B } …`). */
const typeOnly = (clause: string) => {
  if (/^type\s/.test(clause)) return true
  const named = clause.match(/^\{([^}]*)\}$/s)?.[1]
  const names = named
    ?.split(',')
    .map((name) => name.trim())
    .filter(Boolean)
  return names !== undefined && names.length > 0 && names.every((name) => name.startsWith('type '))
}

/**
 * The relative modules a source file loads at run time: static imports and re-exports that bring
 * values, side-effect imports, and `import()` (a lazy chunk is loaded all the same); type-only imports
 * and `typeof import()` types are left out.
 */
function runtimeImports(file: string, source = readFileSync(file, 'utf8')): string[] {
  const specifiers = [
    ...[...source.matchAll(/^\s*(?:import|export)\s+([^;'"]*?)\s+from\s+'(\.[^']+)'/gm)]
      .filter((match) => !typeOnly(match[1] ?? ''))
      .map((match) => match[2] ?? ''),
    ...[...source.matchAll(/^\s*import\s+'(\.[^']+)'/gm)].map((match) => match[1] ?? ''),
    ...[...source.matchAll(/(?<!typeof\s+)\bimport\(\s*(?:\/\*[^*]*\*\/\s*)?'(\.[^']+)'\s*\)/g)].map(
      (match) => match[1] ?? '',
    ),
  ]
  return specifiers.map((specifier) => path.resolve(path.dirname(file), specifier))
}

/** Every import (types too) of a source file, as written. */
const allImports = (source: string) =>
  [...source.matchAll(/(?:from|import)\s*\(?\s*(?:\/\*[^*]*\*\/\s*)?'([^']+)'/g)].map(
    (match) => match[1] ?? '',
  )

/** The import cycles among `files` (strongly connected groups of more than one file, or a self-import). */
function importCycles(files: readonly string[], importsOf: (file: string) => string[]): string[][] {
  const known = new Set(files)
  const edges = new Map(files.map((file) => [file, importsOf(file).filter((target) => known.has(target))]))
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const cycles: string[][] = []
  let next = 0
  const visit = (file: string) => {
    index.set(file, next)
    low.set(file, next)
    next += 1
    stack.push(file)
    onStack.add(file)
    for (const target of edges.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target)
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0))
      } else if (onStack.has(target)) low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0))
    }
    if (low.get(file) !== index.get(file)) return
    const group: string[] = []
    let member: string | undefined
    do {
      member = stack.pop()
      if (member === undefined) break
      onStack.delete(member)
      group.push(member)
    } while (member !== file)
    if (group.length > 1 || edges.get(file)?.includes(file)) cycles.push(group.sort())
  }
  for (const file of files) if (!index.has(file)) visit(file)
  return cycles
}

/** A comparison with a chain namespace's literal name ('solana' === x, x !== 'bip122', case 'solana':). */
const NAMESPACE_COMPARISON =
  /(?:[!=]==?\s*'(?:solana|bip122)')|(?:'(?:solana|bip122)'\s*[!=]==?)|(?:case\s+'(?:solana|bip122)'\s*:)/

/** Where a kind of wallet may name its namespace: its own folder under connectors/, and the chain catalogue. */
const mayNameNamespaces = (relative: string) =>
  /^connectors\/[^/]+\//.test(relative) || relative.startsWith('chains/')

const WALLETCONNECT_DIR = 'connectors/walletconnect/'
/** What the views read of WalletConnect, in one small file (the first paint needs none of it). */
const WALLETCONNECT_DESCRIPTOR = 'connectors/walletconnect/descriptor.ts'

/** A store recipe's touch of the account, network or connection slices (recipes name their draft `draft`). */
const ACCOUNT_STATE_WRITE = /\bdraft\.(?:accounts|networks|connection)\b/
/** An inline store recipe whose draft has another name (or is destructured), which the scan above would miss. */
const OTHER_RECIPE_PARAMETER = /\.update\(\s*(?:\(\s*(?!draft\b)[^)]*\)|(?!draft\b)[A-Za-z_$][\w$]*)\s*=>/
/**
 * Where accounts, networks and connection state are written: the lifecycle (account/) only. The store's
 * setup (state/initialState.ts) builds the first state as a plain object, not through a recipe, so it
 * needs no exception.
 */
const mayWriteAccountState = (relative: string) => relative.startsWith('account/')

/** A class extending a built-in error constructor rather than the family's base. */
const EXTENDS_BUILT_IN_ERROR = /\bextends\s+(?:Type|Range|Syntax|Reference|Aggregate|Eval|URI)?Error\b/
/**
 * An error made outside the family (PorticoError, in @portico/shared-types): `new Error(…)`, `Error(…)`
 * and the other built-in constructors, or a class extending one of them. Names that merely end in
 * "Error" (`new WalletError(…)`) are the family and do not match.
 */
const BUILT_IN_ERROR = new RegExp(
  `(?<![\\w.$])(?:new\\s+)?(?:Type|Range|Syntax|Reference|Aggregate|Eval|URI)?Error\\s*\\(|${EXTENDS_BUILT_IN_ERROR.source}`,
)
/**
 * Plugin folders whose classes may extend Error itself: the CLI copies remotes into an app and is
 * published with no dependencies, so it does not take @portico/shared-types for one base class.
 */
const PLUGINS_OUTSIDE_ERROR_FAMILY = new Set(['cli'])

const TESTING_KIT_KERNEL_IMPORT = '../../../kernel/src/chains/helpers/index.ts'

/** The kernel files `entry` (under kernel/src) loads with it: its static runtime imports, transitively. */
function staticClosure(entry: string): string[] {
  const closure = new Set<string>()
  const visit = (file: string) => {
    const resolved = [file, `${file}.ts`, `${file}.tsx`].find((candidate) =>
      statSync(candidate, { throwIfNoEntry: false })?.isFile(),
    )
    if (!resolved || closure.has(resolved)) return
    closure.add(resolved)
    const source = readFileSync(resolved, 'utf8').replace(
      /\bimport\(\s*(?:\/\*[^*]*\*\/\s*)?'[^']+'\s*\)/g,
      '',
    )
    for (const target of runtimeImports(resolved, source)) visit(target)
  }
  visit(path.join(KERNEL_SRC, entry))
  return [...closure].map(kernelFile)
}

describe('architecture (docs/architecture.md)', () => {
  it('the kernel imports no plugin', () => {
    const offenders = sources(path.join(ROOT, 'kernel/src')).flatMap((file) =>
      imports(file)
        .filter((spec) => spec.startsWith('@portico/plugin-') || /(^|\/)plugins\/[^/]+\/src/.test(spec))
        .map((spec) => `${path.relative(ROOT, file)} → ${spec}`),
    )
    expect(offenders).toEqual([])
  })

  it('plugins import no kernel internals, only @portico/shared-types and react', () => {
    const offenders = readdirSync(path.join(ROOT, 'plugins')).flatMap((plugin) =>
      sources(path.join(ROOT, 'plugins', plugin, 'src')).flatMap((file) =>
        imports(file)
          .filter(
            (spec) =>
              spec === '@portico/kernel' ||
              spec.startsWith('@portico/kernel/') ||
              spec.includes('kernel/src'),
          )
          // The test kit (never a remote) gives fake contexts the kernel's real chain helpers.
          .filter((spec) => !(plugin === 'testing' && spec === TESTING_KIT_KERNEL_IMPORT))
          .map((spec) => `${path.relative(ROOT, file)} → ${spec}`),
      ),
    )
    expect(offenders).toEqual([])
  })

  it('Bitcoin discovery (the chunk an open loads when a bip122 network is requested) carries no hashing', () => {
    // The address checks hash (viem's sha256 and ripemd160): they belong to the body, loaded on use.
    const files = staticClosure('connectors/bitcoin/discovery.ts')
    expect(files).toContain('chains/bitcoinChains.ts')
    expect(files.filter((file) => /chains\/bitcoin\.ts|connectors\/bitcoin\/body\.ts/.test(file))).toEqual([])
    expect(readFileSync(path.join(KERNEL_SRC, 'connectors/bitcoin/discovery.ts'), 'utf8')).not.toMatch(
      /from 'viem'/,
    )
  })

  it("the page's own code (the React entry's static imports) carries neither drag-to-close, generated avatars nor the theme presets' variables", () => {
    // The first paint is on screen only while the kernel body loads: what it never uses stays in the body.
    const firstPaint = staticClosure('react/index.ts')
    expect(firstPaint).toContain('react/firstPaint.tsx')
    expect(
      firstPaint.filter((file) => /sheetHandle|sheetDrag|nameAvatar|theme\/presets\.ts/.test(file)),
    ).toEqual([])
  })

  it('the transaction preview is a lazy chunk: the first paint and the kernel body carry only its eligibility check', () => {
    // The body (createModal) loads on intent for a disconnected open; the preview's digest, API call and view
    // come only with the first unsafe request to an external wallet (ui/views/TransactionPreview.tsx).
    const body = staticClosure('createModal.ts')
    expect(body).toContain('preview/eligibility.ts')
    const eager = [...body, ...staticClosure('react/index.ts')]
    expect(
      eager.filter((file) =>
        /^ui\/views\/transactionPreview\/|^preview\/(load|subject|schema)\.ts$/.test(file),
      ),
    ).toEqual([])
    const pullsDigest = (file: string) =>
      /'@portico\/shared-types\/preview-digest'|from 'viem'/.test(
        readFileSync(path.join(KERNEL_SRC, file), 'utf8'),
      )
    expect(body.filter((file) => file.startsWith('preview/') && pullsDigest(file))).toEqual([])
    expect(pullsDigest('preview/subject.ts')).toBe(true)
  })

  it('the kernel has no runtime import cycle (static and dynamic imports; type-only ones aside)', () => {
    const files = sources(KERNEL_SRC).filter((file) => !isTest(file))
    const cycles = importCycles(files, (file) => runtimeImports(file)).map((cycle) => cycle.map(kernelFile))
    expect(cycles).toEqual([])
  })

  it('nothing under connectors/ imports account/ or ui/: connectors report, the lifecycle writes', () => {
    const offenders = sources(path.join(KERNEL_SRC, 'connectors'))
      .filter((file) => !isTest(file))
      .flatMap((file) =>
        allImports(readFileSync(file, 'utf8'))
          .filter((spec) => spec.startsWith('.'))
          .map((spec) => kernelFile(path.resolve(path.dirname(file), spec)))
          .filter((target) => target.startsWith('account/') || target.startsWith('ui/'))
          .map((target) => `${kernelFile(file)} → ${target}`),
      )
    expect(offenders).toEqual([])
  })

  it('nothing under connectors/ writes accounts, networks or the connection (the lifecycle does)', () => {
    const files = sources(path.join(KERNEL_SRC, 'connectors')).filter((file) => !isTest(file))
    expect(linesMatching(files, /\bdraft\.(?:accounts|networks|connection)\b/)).toEqual([])
  })

  it('the UI and the React binding reach WalletConnect only through its descriptor', () => {
    // Tests aside: a view's test may stand in for the SDK provider beneath the descriptor.
    const files = ['ui', 'react'].flatMap((dir) =>
      sources(path.join(KERNEL_SRC, dir)).filter((file) => !isTest(file)),
    )
    const offenders = files.flatMap((file) =>
      allImports(readFileSync(file, 'utf8'))
        .filter((spec) => spec.startsWith('.'))
        .map((spec) => kernelFile(path.resolve(path.dirname(file), spec)))
        .filter((target) => target.startsWith(WALLETCONNECT_DIR) && target !== WALLETCONNECT_DESCRIPTOR)
        .map((target) => `${kernelFile(file)} → ${target}`),
    )
    expect(offenders).toEqual([])
  })

  it('only account/ writes accounts, networks or the connection: views and the rest call its actions', () => {
    const files = sources(KERNEL_SRC).filter(
      (file) => !isTest(file) && !mayWriteAccountState(kernelFile(file)),
    )
    expect(linesMatching(files, ACCOUNT_STATE_WRITE)).toEqual([])
  })

  it('every inline store recipe names its draft `draft`, so the write scan above sees each write', () => {
    const files = sources(KERNEL_SRC).filter((file) => !isTest(file))
    expect(linesMatching(files, OTHER_RECIPE_PARAMETER)).toEqual([])
  })

  it('the recipe scan catches a renamed or destructured draft, and leaves `draft` alone', () => {
    const caught = [
      'kernel.store.update((state) => {',
      'store.update(s => {',
      'kernel.store.update(({ accounts }) => {',
    ]
    const left = ['kernel.store.update((draft) => {', 'pluginStore.update(recipe as Recipe)']
    expect(caught.filter((line) => !OTHER_RECIPE_PARAMETER.test(line))).toEqual([])
    expect(left.filter((line) => OTHER_RECIPE_PARAMETER.test(line))).toEqual([])
  })

  it("only a kind's own folder (connectors/<kind>/) and the chain catalogue compare with 'solana' or 'bip122'", () => {
    const files = sources(KERNEL_SRC).filter((file) => !isTest(file) && !mayNameNamespaces(kernelFile(file)))
    expect(linesMatching(files, NAMESPACE_COMPARISON)).toEqual([])
  })

  it('every error the kernel makes is a PorticoError (a code and a cause chain), never a bare Error', () => {
    const files = sources(KERNEL_SRC).filter((file) => !isTest(file))
    expect(linesMatching(files, BUILT_IN_ERROR)).toEqual([])
  })

  it("plugins' own error classes extend PorticoError (a code and a cause chain), never Error", () => {
    const files = readdirSync(path.join(ROOT, 'plugins'))
      .filter((plugin) => !PLUGINS_OUTSIDE_ERROR_FAMILY.has(plugin))
      .flatMap((plugin) => sources(path.join(ROOT, 'plugins', plugin, 'src')))
      .filter((file) => !isTest(file))
    const offenders = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, at) =>
          EXTENDS_BUILT_IN_ERROR.test(line) ? [`${path.relative(ROOT, file)}:${at + 1}`] : [],
        ),
    )
    expect(offenders).toEqual([])
  })

  it('the bare-error scan catches what it is for, and leaves the family alone', () => {
    const caught = [
      "throw new Error('x')",
      'reject(new Error(message))',
      'Object.assign(new Error(message), { code })',
      "throw new TypeError('x')",
      "throw Error('x')",
      'class OwnError extends Error {',
      'class Odd extends RangeError {',
    ]
    const left = [
      "throw new WalletError('WALLET_NO_ACCOUNT', 'x')",
      "throw new PorticoError('X', 'x', { cause })",
      'class UsageError extends PorticoError<UsageErrorCode> {',
      'if (error instanceof HttpError) return',
      'relayError(cause)',
    ]
    expect(caught.filter((line) => !BUILT_IN_ERROR.test(line))).toEqual([])
    expect(left.filter((line) => BUILT_IN_ERROR.test(line))).toEqual([])
  })
})
