import { configFromEnv } from './env.ts'
import { startAuthFrame } from './server.ts'

const server = await startAuthFrame({ logLevel: 'info', ...configFromEnv() })
console.log(
  `auth frame: ${server.frameUrl}${server.mailboxUrl ? `   mailbox: ${server.mailboxUrl}.html` : ''}`,
)
const stop = () => void server.close().then(() => process.exit(0))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
