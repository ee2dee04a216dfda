import { PluginLoadError } from './errors.ts'
/** Rejects with `message` when `promise` has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new PluginLoadError('PLUGIN_TIMEOUT', message)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
