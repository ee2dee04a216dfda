/**
 * The dev defaults the auth frame refuses in production (PORTICO_ENV or NODE_ENV=production), all
 * listed in one start-up error (@portico/ops refuseDevDefaults).
 */
import { existsSync } from 'node:fs'
import { collectDevDefaults, type DevDefault, projectsDevDefaults } from '@portico/ops'
import type { AuthFrameConfig } from './config.ts'
import { parseKey, readKeyFile } from './crypto/serverKey.ts'
import { checkSmtpConfig } from './email/smtp.ts'

export function authFrameDevDefaults(config: AuthFrameConfig): DevDefault[] {
  return collectDevDefaults([
    () => projectsDevDefaults(projectOrigins(config), 'projects allowed to embed the frame'),
    () =>
      config.devMailbox
        ? {
            name: 'the dev mailbox (PORTICO_AUTH_FRAME_MAILBOX, devMailbox)',
            fix: "it shows everyone's codes: production refuses it; send mail through SMTP",
          }
        : undefined,
    () => mailerDefault(config),
    () => serverKeyDefault(config),
    () => socialDefaults(config),
  ])
}

function projectOrigins(config: AuthFrameConfig): Record<string, string[]> {
  return Object.fromEntries(Object.entries(config.projects).map(([id, p]) => [id, p.allowedOrigins]))
}

function mailerDefault(config: AuthFrameConfig): DevDefault | undefined {
  if (config.mailer) return undefined
  // A malformed SMTP configuration throws: collectDevDefaults lists its message.
  if (config.smtp) return void checkSmtpConfig(config.smtp)
  return {
    name: 'no SMTP server (production sends mail through one)',
    fix: 'set PORTICO_AUTH_FRAME_SMTP_URL (or PORTICO_AUTH_FRAME_SMTP_HOST) and PORTICO_AUTH_FRAME_SMTP_FROM',
  }
}

/** The key that seals users' keys: given, never generated; a weak one throws (listed). */
function serverKeyDefault(config: AuthFrameConfig): DevDefault | undefined {
  if (config.serverKey !== undefined) {
    parseKey(config.serverKey, 'the server key (PORTICO_AUTH_FRAME_KEY)')
    return undefined
  }
  const file = config.serverKeyFile
  if (file && existsSync(file)) {
    readKeyFile(file, `the server key file ${file} (PORTICO_AUTH_FRAME_KEY_FILE)`)
    return undefined
  }
  return {
    name: `a generated server key${file ? ` (${file} does not exist)` : ''}`,
    fix: 'set PORTICO_AUTH_FRAME_KEY (32 random bytes, hex or base64) or PORTICO_AUTH_FRAME_KEY_FILE (an existing file, mode 0600); back it up: without it no user key opens',
  }
}

/**
 * What the social login reports of its own dev defaults, each named by the part of its sentence before
 * the first colon. A social module that reports nothing is taken as configured.
 */
function socialDefaults(config: AuthFrameConfig): DevDefault[] {
  return (config.social?.productionProblems?.() ?? []).map((sentence) => {
    const at = sentence.indexOf(': ')
    return at < 0
      ? { name: `social login: ${sentence}`, fix: "configure each provider's own client" }
      : { name: `social login: ${sentence.slice(0, at)}`, fix: sentence.slice(at + 2) }
  })
}
