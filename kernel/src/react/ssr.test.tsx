// @vitest-environment node
import { renderToString } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { localNetwork, NO_PLUGINS } from '../../test/testing.ts'
import { cookieToInitialState } from '../ssr.ts'
// Importing the React entry (and the kernel behind it) with no window or document must not throw.
import { PorticoProvider, useAccount, useModal, useModalHandle, useNetwork } from './index.ts'

const OPTIONS = {
  projectId: 'p',
  networks: [localNetwork(), localNetwork(31338, 'Other')] as [
    ReturnType<typeof localNetwork>,
    ...ReturnType<typeof localNetwork>[],
  ],
  features: NO_PLUGINS,
}
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

const cookieHeader = (snapshot: object, status = 'connected') =>
  `theme=dark; ${encodeURIComponent('@portico/connection_status')}=${status}; ${encodeURIComponent('@portico/account')}=${encodeURIComponent(JSON.stringify(snapshot))}`

function Page() {
  const { status, address } = useAccount()
  const { network } = useNetwork()
  const { isOpen } = useModal()
  return <p>{`${status} ${address ?? '-'} ${network?.name} ${isOpen ? 'open' : 'closed'}`}</p>
}

const renderWith = (cookie: string | undefined) =>
  renderToString(
    <PorticoProvider options={OPTIONS} initialState={cookieToInitialState(cookie)}>
      <Page />
    </PorticoProvider>,
  )

describe('server rendering', () => {
  it('runs without window or document', () => {
    expect(typeof window).toBe('undefined')
    expect(typeof document).toBe('undefined')
  })

  it('renders the disconnected state without cookies', () => {
    expect(renderWith(undefined)).toContain('disconnected - Local closed')
  })

  it('renders the connected account and its network from cookieStorage cookies', () => {
    const html = renderWith(
      cookieHeader({ namespace: 'eip155', address: ADDRESS, caipNetworkId: 'eip155:31338' }),
    )
    expect(html).toContain(`connected ${ADDRESS} Other closed`)
  })

  it('ignores forged or outdated cookies: a network the app did not request, a bad address, a disconnected status', () => {
    for (const cookie of [
      cookieHeader({ namespace: 'eip155', address: ADDRESS, caipNetworkId: 'eip155:1' }),
      cookieHeader({ namespace: 'eip155', address: '0x1234', caipNetworkId: 'eip155:31337' }),
      cookieHeader({ namespace: 'eip155', address: ADDRESS, caipNetworkId: 'eip155:31337' }, 'disconnected'),
      `${encodeURIComponent('@portico/connection_status')}=connected; ${encodeURIComponent('@portico/account')}=%7Bnot-json`,
    ]) {
      expect(renderWith(cookie)).toContain('disconnected - Local closed')
    }
  })

  it('creates no modal on the server; a handle method called while rendering explains why it fails', () => {
    function UsesHandle() {
      const handle = useModalHandle()
      return <p>{handle.getAddress() ?? '-'}</p>
    }
    expect(() =>
      renderToString(
        <PorticoProvider options={OPTIONS}>
          <UsesHandle />
        </PorticoProvider>,
      ),
    ).toThrow('Portico: the modal exists only in the browser')
  })
})
