/**
 * Hostile review 13: the bundler listened on 0.0.0.0 and its funded keys were on its command line
 * (`ps` shows it to every user of the machine).
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilProcess, startAnvil } from '../anvil.ts'
import { deployAccountAbstraction } from '../fixtures/aa/deploy.ts'
import { ENTRY_POINT_V08 } from '../fixtures/aa/plan.ts'
import { rpcCall } from '../rpc.ts'
import {
  altoKeysConfig,
  altoLaunch,
  BUNDLER_EXECUTOR_KEY,
  type BundlerProcess,
  startBundler,
  writeAltoConfig,
} from './alto.ts'

const KEY_HEX = BUNDLER_EXECUTOR_KEY.slice(2).toLowerCase()

/** Local addresses (hex, as /proc/net/tcp writes them) of the sockets listening on `port`. */
function listeners(port: number): string[] {
  const found: string[] = []
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(table)) continue
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/)
      if (!local || state !== '0A') continue // 0A = LISTEN
      const [address, hexPort] = local.split(':')
      if (address && Number.parseInt(hexPort ?? '', 16) === port) found.push(address)
    }
  }
  return found
}

describe('alto’s launch (argument builder)', () => {
  it('puts no private key on the command line; the keys go to a 0600 file in a 0700 directory', () => {
    const config = writeAltoConfig(altoKeysConfig(BUNDLER_EXECUTOR_KEY))
    try {
      const launch = altoLaunch({
        entryPoint: ENTRY_POINT_V08,
        rpcUrl: 'http://127.0.0.1:8545',
        port: 4337,
        host: '127.0.0.1',
        configFile: config.file,
      })
      const commandLine = launch.args.join(' ').toLowerCase()
      expect(commandLine).not.toContain(KEY_HEX)
      expect(commandLine).not.toMatch(/private-key/)
      expect(launch.args).toContain('--config')
      expect(launch.env).toEqual({ PORTICO_LISTEN_HOST: '127.0.0.1' })
      expect(JSON.parse(readFileSync(config.file, 'utf8'))).toEqual({
        'executor-private-keys': BUNDLER_EXECUTOR_KEY,
        'utility-private-key': BUNDLER_EXECUTOR_KEY,
      })
      expect(statSync(config.file).mode & 0o777).toBe(0o600)
      expect(statSync(dirname(config.file)).mode & 0o777).toBe(0o700)
    } finally {
      config.remove()
    }
    expect(existsSync(dirname(config.file))).toBe(false)
  })
})

describe.runIf(existsSync('/proc/net/tcp'))('alto started on a devnet chain', () => {
  let anvil: AnvilProcess
  let bundler: BundlerProcess | undefined
  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337, port: 0 })
    await deployAccountAbstraction({ chainId: 31337, rpcUrl: anvil.rpcUrl })
  }, 60_000)
  afterAll(async () => {
    await bundler?.stop()
    await anvil?.stop()
  })

  it('listens on the stack host only, shows no key in ps, and removes its key file at stop', async () => {
    bundler = await startBundler({
      rpcUrl: anvil.rpcUrl,
      chainId: 31337,
      entryPoint: ENTRY_POINT_V08,
      port: 0,
    })
    expect(await rpcCall(bundler.url, 'eth_supportedEntryPoints')).toEqual([ENTRY_POINT_V08])
    // 0100007F = 127.0.0.1; 0.0.0.0 would be 00000000 (and :: all zeros in tcp6).
    expect(listeners(bundler.port)).toEqual(['0100007F'])
    const commandLine = readFileSync(`/proc/${bundler.pid}/cmdline`, 'utf8').replaceAll('\0', ' ')
    expect(commandLine.toLowerCase()).not.toContain(KEY_HEX)
    const configFile = commandLine.match(/--config (\S+)/)?.[1] ?? ''
    expect(existsSync(configFile)).toBe(true)
    await bundler.stop()
    bundler = undefined
    expect(existsSync(dirname(configFile))).toBe(false)
  }, 90_000)
})
