import { describe, expect, it } from 'vitest'
import { DEFAULT_DATA_DIR } from './catalogue.ts'
import { directoryOptionsFromEnv, resolveDirectoryOptions } from './options.ts'
import { directoryProductionProblems } from './production.ts'

const fromEnv = (env: NodeJS.ProcessEnv) => resolveDirectoryOptions(directoryOptionsFromEnv(env))

describe('directoryProductionProblems', () => {
  it('names the dev directory, which is the default', () => {
    const problems = directoryProductionProblems(fromEnv({}))
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(/^PORTICO_WALLET_DIRECTORY is dev: .*certified dev wallet/)
  })

  it('names the fixture images when an imported directory still uses them', () => {
    expect(directoryProductionProblems(fromEnv({ PORTICO_WALLET_DIRECTORY: 'database' }))).toEqual([
      expect.stringContaining(
        `PORTICO_WALLET_DATA_DIR is unset: network, currency and token images are the dev fixtures (${DEFAULT_DATA_DIR})`,
      ),
    ])
  })

  it('has nothing to say about an imported directory with its own images', () => {
    const env = { PORTICO_WALLET_DIRECTORY: 'database', PORTICO_WALLET_DATA_DIR: '/srv/portico/images' }
    expect(directoryProductionProblems(fromEnv(env))).toEqual([])
  })

  it('names a plain-http upstream directory', () => {
    const env = {
      PORTICO_WALLET_DIRECTORY: 'upstream',
      PORTICO_WALLET_DATA_DIR: '/srv/portico/images',
    }
    expect(
      directoryProductionProblems(
        fromEnv({ ...env, PORTICO_WALLET_DIRECTORY_URL: 'http://dir.example/w.json' }),
      ),
    ).toEqual([expect.stringMatching(/^PORTICO_WALLET_DIRECTORY_URL is plain http/)])
    expect(
      directoryProductionProblems(
        fromEnv({ ...env, PORTICO_WALLET_DIRECTORY_URL: 'https://dir.example/w.json' }),
      ),
    ).toEqual([])
  })

  it('PORTICO_WALLET_DIRECTORY takes dev, database or upstream (with its URL)', () => {
    expect(() => directoryOptionsFromEnv({ PORTICO_WALLET_DIRECTORY: 'files' })).toThrow(
      'PORTICO_WALLET_DIRECTORY: expected dev or database or upstream, got "files"',
    )
    expect(() => directoryOptionsFromEnv({ PORTICO_WALLET_DIRECTORY: 'upstream' })).toThrow(
      'PORTICO_WALLET_DIRECTORY=upstream needs PORTICO_WALLET_DIRECTORY_URL',
    )
    expect(() =>
      directoryOptionsFromEnv({
        PORTICO_WALLET_DIRECTORY: 'upstream',
        PORTICO_WALLET_DIRECTORY_URL: 'ftp://x',
      }),
    ).toThrow(/PORTICO_WALLET_DIRECTORY_URL: expected an http\(s\) URL/)
  })
})
