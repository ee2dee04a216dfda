import { readFileSync } from 'node:fs'
import path from 'node:path'

export const KERNEL_SRC = path.resolve(import.meta.dirname, '../src')

/** The modules a source file reaches by static value imports (type-only imports and import() excluded). */
export function staticGraph(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen
  seen.add(entry)
  const source = readFileSync(entry, 'utf8')
  for (const match of source.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^;]*?from\s+'(\.[^']+)'/gm)) {
    const target = path.resolve(path.dirname(entry), match[1] ?? '')
    if (/\.tsx?$/.test(target)) staticGraph(target, seen)
  }
  return seen
}

/** What the kernel's entry points load before anything is opened, relative to kernel/src. */
export function eagerKernelModules(): string[] {
  const seen = new Set<string>()
  for (const entry of ['index.ts', 'standalone.ts']) staticGraph(path.join(KERNEL_SRC, entry), seen)
  return [...seen].map((file) => path.relative(KERNEL_SRC, file).split(path.sep).join('/'))
}
