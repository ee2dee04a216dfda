import { exitOnStopSignals } from '@portico/ops'
import { portsFromEnv } from './lib/ports.ts'
import { startStack } from './lib/stack.ts'

const stack = await startStack({
  ports: portsFromEnv(),
  devWalletOnPage: true,
  fixtures: true,
  log: (line) => console.log(`  ${line}`),
})
console.log(`\nPortico demo: ${stack.demoUrl}\nPlain-HTML host: ${stack.vanillaUrl}\nPress Ctrl-C to stop.\n`)

exitOnStopSignals(() => stack.stop())
