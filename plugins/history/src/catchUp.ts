/**
 * After the account changed (its balance moved), the API's indexer may not have stored the transaction
 * yet: the first page is read again until its newest item is another one than before, at most `reads`
 * times, `intervalMs` apart (behaviour §9's default retry interval). Stops when `stopped()` says so.
 * `read` answers the newest item's id after reading (`newest` undefined: the list is empty), or
 * undefined when the read failed or was dropped (nothing more is tried).
 */
export async function readUntilNewest(
  read: () => Promise<{ newest: string | undefined } | undefined>,
  before: string | undefined,
  { reads, intervalMs, stopped }: { reads: number; intervalMs: number; stopped: () => boolean },
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<void> {
  for (let left = reads; left > 0; left--) {
    const answer = await read()
    if (stopped() || answer === undefined || answer.newest !== before || left === 1) return
    await wait(intervalMs)
    if (stopped()) return
  }
}
