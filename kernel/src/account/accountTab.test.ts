// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { evmNetwork, solanaNetwork, testKernel } from '../../test/account/solanaTesting.ts'
import { setAccountTab } from './accountTab.ts'

describe('setAccountTab (the account view tabs)', () => {
  it("keeps the tab on the active namespace's account, not on the others", () => {
    const kernel = testKernel({ networks: [evmNetwork(31337), solanaNetwork('http://127.0.0.1:8899')] })
    expect(kernel.store.get().networks.activeNamespace).toBe('eip155')

    setAccountTab(kernel, 2)

    expect(kernel.store.get().accounts.eip155?.currentTab).toBe(2)
    expect(kernel.store.get().accounts.solana?.currentTab).toBe(0)
  })

  it('changes nothing without an active namespace', () => {
    const kernel = testKernel({})
    kernel.store.update((draft) => {
      draft.networks.activeNamespace = undefined
    })
    const before = kernel.store.get()
    setAccountTab(kernel, 1)
    expect(kernel.store.get()).toBe(before)
  })
})
