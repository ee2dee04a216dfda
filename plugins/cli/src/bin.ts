#!/usr/bin/env node
import path from 'node:path'
import { parseArgs } from 'node:util'
import { CopyRefusedError } from './catalogue.ts'
import { copyPlugins } from './copy.ts'

const USAGE = `Usage: portico-plugins copy <dir> [id ...] [--config <file>]

Copies the federated remotes of Portico plugin packages into <dir>/<id>/, to serve with
pluginBaseUrl pointing at <dir>'s URL. Which plugins: the ids given; else the features a config
file (.json or JavaScript) turns on; else every @portico/plugin-* package in ./package.json.`

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { config: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  })
  const [command, targetDir, ...ids] = positionals
  if (values.help || command !== 'copy' || !targetDir) {
    console.log(USAGE)
    return values.help ? 0 : 1
  }
  const appDir = process.cwd()
  const copied = await copyPlugins({
    appDir,
    targetDir,
    ids,
    ...(values.config ? { configFile: values.config } : {}),
  })
  for (const { id, packageName, version, files } of copied)
    console.log(`${packageName}@${version} → ${path.join(targetDir, id)}/ (${files.length} files)`)
  console.log(`Serve ${targetDir} and set pluginBaseUrl to its URL.`)
  return 0
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error)
    console.error(`portico-plugins: ${message}`)
    if (!(error instanceof CopyRefusedError) && error instanceof Error && error.stack)
      console.error(error.stack)
    process.exitCode = 1
  },
)
