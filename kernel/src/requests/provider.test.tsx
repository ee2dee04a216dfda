import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { TEST_ADDRESS, testWallet } from '../../test/requests/testWallet.ts'
import { localNetwork, NO_PLUGINS } from '../../test/testing.ts'
import { madeEachTest } from '../../test/testModals.ts'
import { createModal } from '../createModal.ts'

const made = madeEachTest()

const make = () => {
  const wallet = testWallet()
  made.wallet = wallet
  const modal = createModal({
    projectId: 'p',
    networks: [localNetwork(), localNetwork(31338, 'Other')],
    features: NO_PLUGINS,
  })
  made.modal = modal
  return { modal, wallet }
}

describe('handle.getProvider() (EIP-1193 over the request pipeline)', () => {
  it('answers accounts and chain from the kernel, emits connect, accountsChanged, chainChanged, disconnect', async () => {
    const { modal, wallet } = make()
    const provider = modal.getProvider()
    expect(modal.getProvider()).toBe(provider)
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
    const seen: [string, unknown][] = []
    for (const event of ['connect', 'accountsChanged', 'chainChanged', 'disconnect'] as const)
      provider.on(event, (payload) => seen.push([event, payload]))

    // eth_requestAccounts opens the modal and resolves once the visitor connected.
    const accounts = provider.request({ method: 'eth_requestAccounts' })
    fireEvent.click(await screen.findByRole('button', { name: /Test Wallet/ }))
    expect(await accounts).toEqual([TEST_ADDRESS])
    expect(seen).toContainEqual(['connect', { chainId: '0x7a69' }])
    expect(seen).toContainEqual(['accountsChanged', [TEST_ADDRESS]])

    act(() => wallet.provider.emit('chainChanged', '0x7a6a'))
    expect(seen).toContainEqual(['chainChanged', '0x7a6a'])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')

    // wallet_switchEthereumChain goes through the kernel's switch: the wallet is asked, the state follows.
    const switched = provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x7a69' }],
    })
    await waitFor(() =>
      expect(wallet.held.map((held) => held.method)).toEqual(['wallet_switchEthereumChain']),
    )
    wallet.held.shift()?.resolve(null)
    expect(await switched).toBeNull()
    expect(modal.getNetwork()?.name).toBe('Local')
    expect(seen).toContainEqual(['chainChanged', '0x7a69'])
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }),
    ).rejects.toMatchObject({ code: 4902 })
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: 'mainnet' }] }),
    ).rejects.toMatchObject({ code: -32602 })

    // Requests go through the pipeline: eth_sign is refused, personal_sign reaches the wallet.
    await expect(provider.request({ method: 'eth_sign', params: [] })).rejects.toMatchObject({ code: 4200 })
    const signed = provider.request({ method: 'personal_sign', params: ['0x68', TEST_ADDRESS] })
    await waitFor(() => expect(wallet.held).toHaveLength(1))
    wallet.held[0]?.resolve('0xsig')
    expect(await signed).toBe('0xsig')

    await act(() => modal.disconnect())
    expect(seen).toContainEqual(['accountsChanged', []])
    expect(seen.find(([event]) => event === 'disconnect')?.[1]).toMatchObject({ code: 4900 })
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([])
  })

  it('eth_requestAccounts rejects with 4001 when the visitor closes the modal', async () => {
    const { modal } = make()
    const accounts = modal.getProvider().request({ method: 'eth_requestAccounts' })
    await screen.findByRole('dialog')
    act(() => void modal.close())
    await expect(accounts).rejects.toMatchObject({ code: 4001 })
  })

  it('removeListener stops events; a listener that throws does not stop the others', async () => {
    const { modal } = make()
    const provider = modal.getProvider()
    const calls: string[] = []
    const removed = () => calls.push('removed')
    provider.on('accountsChanged', () => {
      throw new Error('listener bug')
    })
    provider.on('accountsChanged', removed)
    provider.on('accountsChanged', () => calls.push('kept'))
    provider.removeListener('accountsChanged', removed)
    void provider.request({ method: 'eth_requestAccounts' })
    fireEvent.click(await screen.findByRole('button', { name: /Test Wallet/ }))
    await waitFor(() => expect(calls).toEqual(['kept']))
  })
})
