import { randomUUID } from 'node:crypto'
import type { Store } from '../db/store.ts'

export interface Mail {
  to: string
  subject: string
  text: string
}

/** Sends one email. The dev stack's mailer stores it for GET /dev/mailbox. */
export interface Mailer {
  send(mail: Mail): Promise<void>
}

export function devMailbox(store: Store, now: () => number): Mailer {
  return {
    send: (mail) =>
      store.insertMail({
        id: randomUUID(),
        to_address: mail.to,
        subject: mail.subject,
        body: mail.text,
        created_at: now(),
      }),
  }
}
