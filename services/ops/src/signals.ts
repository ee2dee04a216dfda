/**
 * A service's stop: on SIGINT or SIGTERM, `stop` runs once (a second signal while it runs is ignored),
 * then the process exits 0, a stop asked for and done cleanly (process managers read any other code as
 * a failure); 1 when stopping failed.
 */
export function exitOnStopSignals(
  stop: () => Promise<unknown>,
  onError: (err: unknown) => void = console.error,
) {
  let stopping = false
  const handler = () => {
    if (stopping) return
    stopping = true
    stop().then(
      () => process.exit(0),
      (err: unknown) => {
        onError(err)
        process.exit(1)
      },
    )
  }
  process.on('SIGINT', handler)
  process.on('SIGTERM', handler)
}
