export interface Mail {
  /** One address, already validated (src/email/validate.ts). */
  to: string
  subject: string
  text: string
  /** The HTML body; when absent the SMTP mailer renders one from `text` (every character escaped). */
  html?: string
}

/**
 * Sends one email. The service always sends through the SMTP mailer (src/email/smtp.ts); the dev stack
 * points it at a loopback SMTP receiver that feeds GET /dev/mailbox (src/email/devReceiver.ts).
 * A send that still fails after the mailer's retries throws FrameError(EMAIL_SEND_FAILED).
 */
export interface Mailer {
  send(mail: Mail): Promise<void>
}

/** What the user is told when the mail could not be sent (after the mailer's own retries). */
export const EMAIL_SEND_FAILED = 'We could not send the email, try again'
