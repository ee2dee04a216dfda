import { describe, expect, it } from 'vitest'
import { chainHelperLoaders } from './index.ts'
import { eagerKernelModules } from './staticGraph.ts'

describe('chain helper loaders', () => {
  it('load each helper set once and give the same object every time', async () => {
    const [evm, again] = await Promise.all([chainHelperLoaders.evm(), chainHelperLoaders.evm()])
    expect(evm).toBe(again)
    expect(await chainHelperLoaders.evm()).toBe(evm)
    expect(evm.isAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(true)
    const solana = await chainHelperLoaders.solana()
    expect(await chainHelperLoaders.solana()).toBe(solana)
    expect(solana.isAddress('11111111111111111111111111111111')).toBe(true)
  })
})

describe('chain helper chunks', () => {
  it('keep viem and @solana/kit helpers off the eager kernel: only the loaders are there', () => {
    const eager = eagerKernelModules()
    expect(eager).toContain('plugins/context.ts')
    expect(eager).toContain('chains/helpers/index.ts')
    expect(eager.filter((file) => /^chains\/helpers\/(evm|solana|units)\.ts$/.test(file))).toEqual([])
  })
})
