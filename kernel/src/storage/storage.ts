import type { Logger } from '@portico/shared-types/plugin'

export interface StorageBackend {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** Browser storage that never throws: behaviour §8 "Storage failures are logged only". */
export interface SafeStorage {
  getString(key: string): string | undefined
  getJson<T>(key: string, isValid: (value: unknown) => value is T): T | undefined
  set(key: string, value: string | object): void
  remove(key: string): void
}

export function defaultBackend(): StorageBackend | undefined {
  try {
    return globalThis.localStorage
  } catch {
    return undefined
  }
}

/** For environments without localStorage: state lives as long as the page. */
export function memoryBackend(): StorageBackend {
  const data = new Map<string, string>()
  return {
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  }
}

export function createSafeStorage(backend: StorageBackend | undefined, log: Logger): SafeStorage {
  const attempt = <T>(what: string, fn: () => T): T | undefined => {
    try {
      return fn()
    } catch (error) {
      log.error(`storage: ${what} failed`, error)
      return undefined
    }
  }
  const getString = (key: string) => attempt(`read ${key}`, () => backend?.getItem(key) ?? undefined)
  return {
    getString,
    getJson(key, isValid) {
      const raw = getString(key)
      if (raw === undefined) return undefined
      const parsed = attempt(`parse ${key}`, () => JSON.parse(raw) as unknown)
      if (parsed !== undefined && isValid(parsed)) return parsed
      log.warn(`storage: ignoring malformed value of ${key}`)
      return undefined
    },
    set(key, value) {
      attempt(`write ${key}`, () =>
        backend?.setItem(key, typeof value === 'string' ? value : JSON.stringify(value)),
      )
    },
    remove(key) {
      attempt(`remove ${key}`, () => backend?.removeItem(key))
    },
  }
}
