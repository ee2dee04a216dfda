import { describe, expect, it } from 'vitest'
import { eagerKernelModules } from '../../../test/staticGraph.ts'
import { chainHelperLoaders } from './index.ts'

describe('chain helper loaders', () => {
  it('load each helper set once and give the same object every time', async () => {
    const [evm, again] = await Promise.all([chainHelperLoaders.evm(), chainHelperLoaders.evm()])
    expect(evm).toBe(again)
    expect(await chainHelperLoaders.evm()).toBe(evm)
    expect(evm.isAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(true)
    const solana = await chainHelperLoaders.solana()
    expect(await chainHelperLoaders.solana()).toBe(solana)
    expect(solana.isAddress('11111111111111111111111111111111')).toBe(true)
    const bitcoin = await chainHelperLoaders.bitcoin?.()
    expect(await chainHelperLoaders.bitcoin?.()).toBe(bitcoin)
    expect(
      bitcoin?.isAddress(
        'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
        'bip122:000000000019d6689c085ae165831e93',
      ),
    ).toBe(true)
  })
})

describe('chain helper chunks', () => {
  it('keep viem, @solana/kit and bitcoinjs-lib helpers off the eager kernel: only the loaders are there', () => {
    const eager = eagerKernelModules()
    expect(eager).toContain('pluginHost/context.ts')
    expect(eager).toContain('chains/helpers/index.ts')
    expect(eager.filter((file) => /^chains\/helpers\/(evm|solana|units|bitcoin\w*)\.ts$/.test(file))).toEqual(
      [],
    )
  })
})
