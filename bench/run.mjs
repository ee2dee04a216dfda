// npm run bench: runs bench/run.ts with tsx (arguments pass through, e.g. --no-build, --runs 9).
import { spawnSync } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const result = spawnSync('npx', ['tsx', 'bench/run.ts', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
})
process.exit(result.status ?? 1)
