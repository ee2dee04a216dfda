/**
 * Imports a wallet directory file into the API's database (the one the API's environment names:
 * DATABASE_URL, PORTICO_API_SQLITE_FILE, or the default SQLite file of PORTICO_API_PORT).
 *   npm run directory:import -w @portico/api -- <file> [--dry-run]
 * Prints each entry refused or cleaned; exits 1 when the file is refused or no wallet is left.
 */
import { resolveConfig } from '../config.ts'
import { openRepository } from '../db/open.ts'
import { configFromEnv } from '../env.ts'
import { DirectoryFileError } from './directoryFile.ts'
import { importDirectory } from './importCommand.ts'

const args = process.argv.slice(2)
const dryRun = args.includes('--dry-run')
const file = args.find((a) => !a.startsWith('--'))
if (!file) {
  console.error('usage: directory:import <file> [--dry-run]')
  process.exit(2)
}

const repo = await openRepository(resolveConfig(configFromEnv()).database)
try {
  const { result, stored } = await importDirectory(repo, file, { dryRun })
  for (const line of result.report) console.log(line)
  const summary = `${result.wallets.length} wallets, ${result.images.length} images, ${result.report.length} entries refused or cleaned`
  if (result.wallets.length === 0) {
    console.error(`no acceptable wallet in ${file}: nothing imported (${summary})`)
    process.exitCode = 1
  } else console.log(stored ? `imported ${summary}` : `checked (dry run, nothing stored): ${summary}`)
} catch (err) {
  console.error(err instanceof DirectoryFileError ? `${file} refused: ${err.message}` : err)
  process.exitCode = 1
} finally {
  await repo.close()
}
