/** Test only: a PluginContext over a plain store with bare-bones ctx.ui, so views render without the kernel. */
import type { KernelState } from '@portico/shared-types'
import type { PluginContext, PluginStore, UiKit } from '@portico/shared-types/plugin'
import { useSyncExternalStore } from 'react'
import { vi } from 'vitest'
// The kernel's real chain helpers (viem, @solana/kit), not fakes: a plugin's tests exercise the code it
// gets in production. The one kernel import a plugin-side file may make (architecture.test.ts); this
// test kit is never built into a remote.
// biome-ignore lint/style/noRestrictedImports: the test kit's one sanctioned kernel import (see above)
import { chainHelperLoaders } from '../../../kernel/src/chains/helpers/index.ts'

function plainStore<S>(initial: S): PluginStore<S> {
  let state = initial
  const listeners = new Set<() => void>()
  return {
    get: () => state,
    update(recipe) {
      const draft = structuredClone(state)
      recipe(draft)
      state = draft
      for (const listener of listeners) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    use: <T,>(selector: (s: S) => T) =>
      useSyncExternalStore(
        (listener) => {
          listeners.add(listener)
          return () => listeners.delete(listener)
        },
        () => selector(state),
      ),
  }
}

export const fakeUi: UiKit = {
  Button: ({
    children,
    onClick,
    onPointerEnter,
    onFocus,
    disabled,
    loading,
    type = 'button',
    mark,
    'aria-label': label,
  }) => (
    <button
      type={type}
      onClick={onClick}
      onPointerEnter={onPointerEnter}
      onFocus={onFocus}
      disabled={disabled || loading}
      aria-label={label}
    >
      {mark ? (
        <svg aria-hidden="true">
          <path d={mark} />
        </svg>
      ) : null}
      {children}
    </button>
  ),
  ListItem: ({ label, description, onClick, selected }) => (
    <button type="button" onClick={onClick} aria-current={selected || undefined}>
      {label} {description}
    </button>
  ),
  Text: ({ children }) => <p>{children}</p>,
  TextField: ({ label, value, onChange, error }) => (
    <label>
      {label}
      <input value={value} onChange={(event) => onChange(event.target.value)} aria-invalid={!!error} />
      {error ? <span role="alert">{error}</span> : null}
    </label>
  ),
  Stack: ({ children }) => <div>{children}</div>,
  Spinner: ({ label }) => <span role="progressbar" aria-label={label} />,
  Icon: () => null,
  Avatar: () => null,
  QrCode: () => null,
  CopyButton: () => null,
  EmptyState: ({ title, description }) => (
    <div>
      {title} {description}
    </div>
  ),
}

const formatBalance = (value: string | undefined) => {
  const [whole = '0', fraction = ''] = (value ?? '0').split('.')
  return `${Number(whole).toLocaleString('en-US')}.${fraction.padEnd(3, '0').slice(0, 3)}`
}

export function fakeContext(state: KernelState, overrides: Partial<PluginContext> = {}) {
  const kernel = plainStore(state)
  const ctx: PluginContext = {
    pluginId: 'test',
    config: state.options,
    getState: kernel.get,
    useStore: kernel.use,
    subscribe: kernel.subscribe,
    router: { push: vi.fn(), replace: vi.fn(), goBack: vi.fn(), reset: vi.fn() },
    events: { on: vi.fn(() => () => {}), emit: vi.fn() },
    toast: { success: vi.fn(), error: vi.fn(), loading: vi.fn(), svg: vi.fn() },
    ui: fakeUi,
    chains: {
      activeNamespace: () => kernel.get().networks.activeNamespace,
      activeNetwork: () => undefined,
      requestedNetworks: () => [],
      switchNetwork: vi.fn(),
      formatBalance,
      truncateAddress: (address) => address,
      evm: chainHelperLoaders.evm,
      solana: chainHelperLoaders.solana,
      bitcoin: chainHelperLoaders.bitcoin,
    },
    account: { get: vi.fn(), provider: vi.fn(), refreshBalance: vi.fn(async () => {}) },
    storage: { get: vi.fn(), set: vi.fn(), remove: vi.fn() },
    services: {},
    createStore: plainStore,
    modal: { open: vi.fn(), close: vi.fn() },
    log: { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() },
    ...overrides,
  }
  return { ctx, kernel }
}

/** A kernel state with one connected eip155 account on eip155:31337. */
export function connectedState(
  address: string,
  extra: Partial<KernelState['accounts']['eip155']> = {},
): KernelState {
  const network = {
    id: 31337,
    caipNetworkId: 'eip155:31337' as const,
    name: 'Local',
    chainNamespace: 'eip155' as const,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [] } },
  }
  return {
    networks: {
      activeNamespace: 'eip155',
      byNamespace: {
        eip155: {
          caipNetwork: network,
          supportsAllNetworks: false,
          smartAccountEnabledNetworks: [],
          requestedCaipNetworks: [network],
          approvedCaipNetworkIds: [],
        },
      },
    },
    accounts: {
      eip155: {
        namespace: 'eip155',
        currentTab: 0,
        tokenBalance: [],
        smartAccountDeployed: false,
        addressLabels: {},
        allAccounts: [{ namespace: 'eip155', address, type: 'eoa' }],
        status: 'connected',
        address,
        balance: '1',
        balanceLoading: false,
        ...extra,
      },
    },
    options: {},
  } as unknown as KernelState
}
