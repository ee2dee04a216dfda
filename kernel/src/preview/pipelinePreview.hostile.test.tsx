import type { PreviewResponse } from '@portico/shared-types/api'
import { callsDigest, canonicalCall } from '@portico/shared-types/preview-digest'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { TEST_ADDRESS, testWallet } from '../../test/requests/testWallet.ts'
import { localNetwork, NO_PLUGINS } from '../../test/testing.ts'
import { createModal, type ModalHandle } from '../createModal.ts'

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const SPENDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const APPROVE = `0x095ea7b3${'0'.repeat(24)}${SPENDER.slice(2).toLowerCase()}${'f'.repeat(64)}`

let modals: ModalHandle[] = []
let wallets: ReturnType<typeof testWallet>[] = []

afterEach(() => {
  for (const modal of modals) modal.destroy()
  for (const wallet of wallets) wallet.stop()
  modals = []
  wallets = []
  localStorage.clear()
  vi.unstubAllGlobals()
})

/** The API answer for `data` sent to TOKEN, with `digest` (default: the honest one). */
function previewOf(data: string, digest?: string, symbol = 'USDC'): PreviewResponse {
  return {
    kind: 'transaction',
    chainId: 'eip155:31337',
    digest: (digest ??
      callsDigest(31337, TEST_ADDRESS, [canonicalCall({ to: TOKEN, data })])) as `0x${string}`,
    status: 'success',
    changes: [],
    approvals: [
      {
        token: {
          address: `eip155:31337:${TOKEN}`,
          standard: 'erc20',
          symbol,
          name: 'USD Coin',
          decimals: 6,
          listed: false,
        },
        spender: SPENDER,
        unlimited: true,
        revoked: false,
      },
    ],
    gasUsed: '46000',
  }
}

/** fetch for the modal: /v1/preview answers `preview()`, everything else of the API is not there. */
function stubApi(preview: (body: unknown) => PreviewResponse) {
  const asked: unknown[] = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (String(url).includes('/v1/preview')) {
        const body = JSON.parse(String(init?.body))
        asked.push(body)
        return new Response(JSON.stringify(preview(body)), { status: 200 })
      }
      return new Response('{}', { status: 404 })
    }),
  )
  return asked
}

async function connected() {
  const wallet = testWallet()
  wallets.push(wallet)
  const modal = createModal({
    projectId: 'p',
    apiUrl: 'http://api.test',
    networks: [localNetwork()],
    features: NO_PLUGINS,
  })
  modals.push(modal)
  act(() => modal.open())
  fireEvent.click(await screen.findByRole('button', { name: /Test Wallet/ }))
  await waitFor(() => expect(modal.getAddress()).toBe(TEST_ADDRESS))
  await waitFor(() => expect(modal.getState().modal.open).toBe(false))
  return { modal, wallet }
}

const approveTx = () => ({
  method: 'eth_sendTransaction',
  params: [{ from: TEST_ADDRESS, to: TOKEN, data: APPROVE }],
})

describe('transaction preview in the request pipeline (hostile)', () => {
  it('a caller mutating its params after the preview started changes nothing the wallet receives', async () => {
    stubApi(() => previewOf(APPROVE))
    const { modal, wallet } = await connected()
    const args = approveTx()
    const answer = modal.getProvider().request(args)
    await screen.findByText('Unlimited')
    // The page swaps the spender for its own while the visitor reads the preview.
    const tx = args.params[0] as { data: string; to: string; value?: string }
    tx.data = `0x095ea7b3${'0'.repeat(24)}${'66'.repeat(20)}${'f'.repeat(64)}`
    tx.to = '0x000000000000000000000000000000000000dEaD'
    tx.value = '0xde0b6b3a7640000'
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(wallet.held.map((held) => held.method)).toContain('eth_sendTransaction'))
    const sent = wallet.held.find((held) => held.method === 'eth_sendTransaction')
    expect(sent?.params).toEqual([{ from: TEST_ADDRESS, to: TOKEN, data: APPROVE }])
    sent?.resolve('0xhash')
    await expect(answer).resolves.toBe('0xhash')
  })

  it('closing the modal after Continue does not answer 4001: the wallet has the request, and its answer reaches the caller', async () => {
    stubApi(() => previewOf(APPROVE))
    const { modal, wallet } = await connected()
    const answer = modal.getProvider().request(approveTx())
    await screen.findByText('Unlimited')
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(wallet.held.map((held) => held.method)).toContain('eth_sendTransaction'))
    // Told 'rejected' here, a page would send it again while the wallet still broadcasts the first.
    act(() => {
      modal.close()
    })
    let settled = false
    void answer.then(
      () => {
        settled = true
      },
      () => {
        settled = true
      },
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(settled).toBe(false)
    wallet.held.find((held) => held.method === 'eth_sendTransaction')?.resolve('0xlanded')
    await expect(answer).resolves.toBe('0xlanded')
  })

  it('an API answer with another digest is not shown: the view says unavailable, and still lets the visitor decide', async () => {
    stubApi(() => previewOf(APPROVE, `0x${'12'.repeat(32)}`, 'LIES'))
    const { modal } = await connected()
    const answer = modal.getProvider().request(approveTx())
    await screen.findByRole('status', { name: 'Simulation unavailable' })
    expect(screen.queryByText(/LIES/)).toBeNull()
    expect(screen.queryByText('Unlimited')).toBeNull()
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(false)
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }))
    await expect(answer).rejects.toMatchObject({ code: 4001 })
  })

  it('Reject answers 4001 and nothing reaches the wallet; a later Continue sends nothing', async () => {
    stubApi(() => previewOf(APPROVE))
    const { modal, wallet } = await connected()
    const answer = modal.getProvider().request(approveTx())
    const continueButton = await screen.findByRole('button', { name: 'Continue' })
    await screen.findByText('Unlimited')
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }))
    await expect(answer).rejects.toMatchObject({ code: 4001, name: 'UserRejectedRequestError' })
    fireEvent.click(continueButton)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(wallet.received).not.toContain('eth_sendTransaction')
  })

  it('control and bidi characters of a token symbol are not rendered', async () => {
    stubApi(() => previewOf(APPROVE, undefined, 'US\u202eDC\u200f'))
    const { modal } = await connected()
    void modal
      .getProvider()
      .request(approveTx())
      .catch(() => undefined)
    await screen.findByText('Unlimited')
    const dialog = screen.getByRole('dialog')
    expect(dialog.textContent).toContain('USDC')
    expect(dialog.textContent).not.toMatch(/[\u202e\u200f]/)
  })

  it('a reverting transaction shows its reason and Continue is disabled', async () => {
    stubApi(() => ({
      ...previewOf(APPROVE),
      status: 'reverted',
      revert: { callIndex: 0, kind: 'error', reason: 'ERC20: insufficient allowance' },
      approvals: [],
    }))
    const { modal } = await connected()
    const answer = modal.getProvider().request(approveTx())
    const alert = await screen.findByRole('alert', { name: 'This transaction would fail' })
    expect(alert.textContent).toContain('Reason: ERC20: insufficient allowance')
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true)
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }))
    await expect(answer).rejects.toMatchObject({ code: 4001 })
  })

  it('personal_sign is not previewed (the API cannot describe it): it goes to the wallet as before', async () => {
    const asked = stubApi(() => previewOf(APPROVE))
    const { modal, wallet } = await connected()
    void modal
      .getProvider()
      .request({ method: 'personal_sign', params: ['0x68', TEST_ADDRESS] })
      .catch(() => undefined)
    await waitFor(() => expect(wallet.received).toContain('personal_sign'))
    expect(asked).toEqual([])
  })
})
