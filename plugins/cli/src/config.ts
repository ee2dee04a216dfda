import { readFileSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { CopyRefusedError } from './catalogue.ts'

/**
 * An app's Portico options from a file: JSON, or a JavaScript module whose default export (or `options`
 * export) is the options object. TypeScript needs compiling first (Node 20 does not run it).
 */
export async function loadConfig(file: string): Promise<unknown> {
  const absolute = path.resolve(file)
  const extension = path.extname(absolute)
  try {
    if (extension === '.json') return JSON.parse(readFileSync(absolute, 'utf8'))
    if (['.js', '.mjs', '.cjs'].includes(extension)) {
      const module = (await import(pathToFileURL(absolute).href)) as { default?: unknown; options?: unknown }
      return module.options ?? module.default
    }
  } catch (error) {
    throw new CopyRefusedError(`cannot read the config ${file}: ${(error as Error).message}`)
  }
  throw new CopyRefusedError(`the config ${file} must be .json, .js, .mjs or .cjs`)
}
