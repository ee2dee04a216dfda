import { exitOnStopSignals } from '@portico/ops'
import { configFromEnv } from './env.ts'
import { startAuthFrame } from './server.ts'

const server = await startAuthFrame({ logLevel: 'info', ...configFromEnv() })
const smtp = server.config.smtp
console.log(
  `auth frame: ${server.frameUrl}${server.mailboxUrl ? `   mailbox: ${server.mailboxUrl}.html` : ''}${
    server.devSmtp
      ? `   dev SMTP receiver: ${server.devSmtp.host}:${server.devSmtp.port}`
      : smtp
        ? `   mail via ${smtp.host}${smtp.port ? `:${smtp.port}` : ''} (${smtp.tls ?? 'starttls'})`
        : ''
  }`,
)
exitOnStopSignals(() => server.close())
