import { portsFromEnv } from './lib/ports.ts'
import { startStack } from './lib/stack.ts'

const stack = await startStack({
  ports: portsFromEnv(),
  devWalletOnPage: true,
  fixtures: true,
  log: (line) => console.log(`  ${line}`),
})
console.log(`\nPortico demo: ${stack.demoUrl}\nPlain-HTML host: ${stack.vanillaUrl}\nPress Ctrl-C to stop.\n`)

let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  await stack.stop()
  process.exit(0)
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
