import { type Eip1193Provider, MESSAGES } from '@portico/shared-types'
import { recordedAccountDetails } from '@portico/shared-types/plugin'
import { cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { afterConnect, setup, signer, view, wallet } from '../test/testSetup.tsx'
import { fakeVerifier } from '../test/testVerifier.ts'

afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

describe('SIWX: the account type as the kernel records it from the AUTH connector', () => {
  const OWNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
  /** What the embedded wallet's provider reports for its user (ConnectorProvider.accountDetails). */
  const reported = (type: 'eoa' | 'smartAccount') => {
    const accounts = [
      { address: OWNER, type: 'eoa' as const },
      { address: signer.address, type: 'smartAccount' as const },
    ]
    const own = type === 'smartAccount' ? signer.address : OWNER
    return {
      user: {
        address: own,
        chainId: 31337,
        accounts,
        smartAccountDeployed: false,
        preferredAccountType: type,
      },
      preferredAccountType: type,
      allAccounts: accounts,
      smartAccountDeployed: false,
    }
  }

  /** A connected AUTH account with nothing injected but what recordedAccountDetails gives. */
  function recorded(type: 'eoa' | 'smartAccount', provider: Eip1193Provider) {
    const made = setup({ provider })
    const account = made.state.accounts.eip155
    if (!account) throw new Error('no account')
    const address = type === 'smartAccount' ? signer.address : OWNER
    Object.assign(account, {
      address,
      caipAddress: `eip155:31337:${address}`,
      connectedWalletInfo: { name: 'Email', type: 'AUTH' },
      ...recordedAccountDetails(reported(type), address),
    })
    expect(account.preferredAccountType).toBe(type)
    return made
  }

  it('a declined signature of the recorded smart account says it might not be supported', async () => {
    fakeVerifier()
    const { ctx } = recorded('smartAccount', wallet(true))
    await afterConnect(ctx)
    view(ctx)
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This application might not support Smart Accounts',
    )
  })

  it('the same user on its EOA gets Signature declined', async () => {
    fakeVerifier()
    const { ctx } = recorded('eoa', wallet(true))
    await afterConnect(ctx)
    view(ctx)
    fireEvent.click(screen.getByRole('button', { name: 'Sign' }))
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.signatureDeclined)
  })
})
