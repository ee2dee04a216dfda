/**
 * A reporter that prints, for a failed test, what its page showed (Playwright's error context: the
 * page's accessibility snapshot) and what its pages logged. CI keeps only the log, not the trace, so
 * this is all a rare failure leaves behind to find its cause.
 */
import { readFileSync } from 'node:fs'
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter'

const MAX_CHARS = 8_000

function attachmentText(attachment: TestResult['attachments'][number]): string | undefined {
  try {
    if (attachment.body) return attachment.body.toString('utf8')
    if (attachment.path && attachment.contentType.startsWith('text/'))
      return readFileSync(attachment.path, 'utf8')
  } catch {
    return undefined
  }
  return undefined
}

const PRINTED = new Set(['error-context', 'page console', 'presses and dialogs', 'non-local requests'])

/** The error context without what the log already has (instructions for a reader, the test's source). */
function withoutBoilerplate(text: string): string {
  const start = text.indexOf('# Error details')
  const end = text.indexOf('# Test source')
  return text.slice(Math.max(start, 0), end > start ? end : undefined).trim()
}

export default class FailureReport implements Reporter {
  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === test.expectedStatus) return
    for (const attachment of result.attachments) {
      if (!PRINTED.has(attachment.name)) continue
      const raw = attachmentText(attachment)
      if (!raw) continue
      const text = attachment.name === 'error-context' ? withoutBoilerplate(raw) : raw
      const shown =
        text.length > MAX_CHARS
          ? `${text.slice(0, MAX_CHARS)}\n… (${text.length - MAX_CHARS} more characters)`
          : text
      process.stdout.write(`\n--- ${test.title}: ${attachment.name} ---\n${shown}\n--- end ---\n`)
    }
  }
}
