import { describe, expect, it } from 'vitest'
import { configFromEnv } from './env.ts'

const CHAINS = '31337=http://127.0.0.1:8545,31338=http://127.0.0.1:8546'
const ENTRY_POINT = '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108'
const FACTORY = `0x${'ab'.repeat(20)}`

describe('configFromEnv: chain names and smart accounts', () => {
  it('names the listed chains; a chain left out keeps no name', () => {
    const input = configFromEnv({
      PORTICO_AUTH_FRAME_CHAINS: CHAINS,
      PORTICO_AUTH_FRAME_CHAIN_NAMES: '31337=Portico Devnet A',
    })
    expect(input.chains).toEqual([
      { chainId: 31337, rpcUrl: 'http://127.0.0.1:8545/', name: 'Portico Devnet A' },
      { chainId: 31338, rpcUrl: 'http://127.0.0.1:8546/' },
    ])
  })

  it('refuses a name for a chain it does not serve, or a malformed entry', () => {
    expect(() =>
      configFromEnv({ PORTICO_AUTH_FRAME_CHAINS: CHAINS, PORTICO_AUTH_FRAME_CHAIN_NAMES: '1=Ethereum' }),
    ).toThrow(/PORTICO_AUTH_FRAME_CHAIN_NAMES: chain 1 is not in PORTICO_AUTH_FRAME_CHAINS/)
    expect(() =>
      configFromEnv({ PORTICO_AUTH_FRAME_CHAINS: CHAINS, PORTICO_AUTH_FRAME_CHAIN_NAMES: '31337=' }),
    ).toThrow(/chainId=name/)
  })

  it('gives smart accounts on the listed chains through their bundler', () => {
    const input = configFromEnv({
      PORTICO_AUTH_FRAME_CHAINS: CHAINS,
      PORTICO_AUTH_FRAME_SMART_ACCOUNTS: `31337=http://127.0.0.1:4337|${ENTRY_POINT}|${FACTORY}`,
    })
    expect(input.smartAccounts?.enabledNetworks()).toEqual([31337])
    expect(configFromEnv({ PORTICO_AUTH_FRAME_CHAINS: CHAINS }).smartAccounts).toBeUndefined()
  })

  it('refuses smart accounts on an unlisted chain, or without addresses', () => {
    expect(() =>
      configFromEnv({
        PORTICO_AUTH_FRAME_CHAINS: CHAINS,
        PORTICO_AUTH_FRAME_SMART_ACCOUNTS: `10=http://127.0.0.1:4337|${ENTRY_POINT}|${FACTORY}`,
      }),
    ).toThrow(/chain 10 is not in PORTICO_AUTH_FRAME_CHAINS/)
    expect(() =>
      configFromEnv({
        PORTICO_AUTH_FRAME_CHAINS: CHAINS,
        PORTICO_AUTH_FRAME_SMART_ACCOUNTS: `31337=http://127.0.0.1:4337|${ENTRY_POINT}`,
      }),
    ).toThrow(/bundlerUrl\|entryPoint\|factory/)
    expect(() =>
      configFromEnv({
        PORTICO_AUTH_FRAME_CHAINS: CHAINS,
        PORTICO_AUTH_FRAME_SMART_ACCOUNTS: `31337=http://127.0.0.1:4337|0x12|${FACTORY}`,
      }),
    ).toThrow(/0x addresses/)
  })
})

describe('configFromEnv: the paymaster services apps may name', () => {
  const PAYMASTER = `0x${'cd'.repeat(20)}`
  const URL_A = 'http://127.0.0.1:4180/v1/paymaster?projectId=portico-dev'

  it('reads project, chain, URL and paymaster; none by default', () => {
    const input = configFromEnv({
      PORTICO_AUTH_FRAME_CHAINS: CHAINS,
      PORTICO_AUTH_FRAME_PAYMASTERS: `portico-dev:31337=${URL_A}|${PAYMASTER},acme:31338=https://pm.example/rpc?key=a=b|${PAYMASTER}`,
    })
    expect(input.paymasterServices).toEqual([
      { projectId: 'portico-dev', chainId: 31337, url: URL_A, paymaster: PAYMASTER },
      { projectId: 'acme', chainId: 31338, url: 'https://pm.example/rpc?key=a=b', paymaster: PAYMASTER },
    ])
    expect(configFromEnv({ PORTICO_AUTH_FRAME_CHAINS: CHAINS }).paymasterServices).toBeUndefined()
  })

  it('refuses a chain it does not serve, a URL that is not http(s), or a malformed entry', () => {
    const parse = (value: string) =>
      configFromEnv({ PORTICO_AUTH_FRAME_CHAINS: CHAINS, PORTICO_AUTH_FRAME_PAYMASTERS: value })
    expect(() => parse(`portico-dev:10=${URL_A}|${PAYMASTER}`)).toThrow(
      /chain 10 is not in PORTICO_AUTH_FRAME_CHAINS/,
    )
    expect(() => parse(`portico-dev:31337=file:///etc/passwd|${PAYMASTER}`)).toThrow(/not an http\(s\) URL/)
    expect(() => parse(`portico-dev:31337=${URL_A}`)).toThrow(/projectId:chainId=url\|paymaster/)
    expect(() => parse(`portico-dev=${URL_A}|${PAYMASTER}`)).toThrow(/projectId:chainId=url\|paymaster/)
    expect(() => parse(`portico-dev:31337=${URL_A}|0x12`)).toThrow(/projectId:chainId=url\|paymaster/)
  })
})
