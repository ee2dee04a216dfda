/** A promise that settles as `work` does, or rejects with a TimeoutError after `ms`. */
export function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DOMException('The provider took too long', 'TimeoutError')), ms)
  })
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer))
}
