import type { CaipNetworkId } from '@portico/shared-types'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { createNftPager, type NftPager } from '../../api/nftPager.ts'
import { createNftSource } from '../../api/nfts.ts'
import type { NftItem } from '../../api/schemasNfts.ts'
import { useI18n } from '../../i18n/useI18n.ts'
import { selectActiveAccount, selectActiveNetwork } from '../../state/selectors.ts'
import { useKernel, useKernelState } from '../context.tsx'
import { Button } from '../primitives/Button.tsx'
import { EmptyState } from '../primitives/EmptyState.tsx'
import { Spinner } from '../primitives/Spinner.tsx'

function NftRow({ item }: { item: NftItem }) {
  const label =
    item.standard === 'ERC1155' && item.amount !== '1' ? `${item.name}, ×${item.amount}` : item.name
  return (
    <li className="pt-item" aria-label={label}>
      {item.image ? (
        <img src={item.image} alt="" width={48} height={48} referrerPolicy="no-referrer" loading="lazy" />
      ) : null}
      <span className="pt-item-text">
        <span className="pt-item-label">{item.name}</span>
        {item.standard === 'ERC1155' && item.amount !== '1' ? (
          <span className="pt-muted pt-text-small">×{item.amount}</span>
        ) : null}
      </span>
    </li>
  )
}

function NftList({ pager }: { pager: NftPager }) {
  const i18n = useI18n()
  const state = useSyncExternalStore(pager.subscribe, pager.get, pager.get)
  if (state.status === 'loading') return <Spinner label={i18n.t('loading')} />
  if (state.status === 'error')
    return (
      <div className="pt-stack pt-gap-s pt-align-center">
        <div role="alert">
          <EmptyState icon="warning" title={i18n.t('nftsFailed')} />
        </div>
        <Button onClick={() => void pager.retry()}>{i18n.t('nftsRetry')}</Button>
      </div>
    )
  return (
    <div className="pt-stack pt-gap-s">
      {state.items.length === 0 ? (
        <EmptyState icon="card" title={i18n.t('noNfts')} description={i18n.t('noNftsDescription')} />
      ) : (
        <ul className="pt-list" aria-label={i18n.t('nftList')}>
          {state.items.map((item) => (
            <NftRow key={item.id} item={item} />
          ))}
        </ul>
      )}
      {state.moreFailed ? <p role="alert">{i18n.t('nftsFailed')}</p> : null}
      {state.next ? (
        <Button fullWidth loading={state.loadingMore} onClick={() => void pager.more()}>
          {state.moreFailed ? i18n.t('nftsRetry') : i18n.t('nftsLoadMore')}
        </Button>
      ) : null}
    </div>
  )
}

function Pages({ address, network }: { address: string; network: CaipNetworkId }) {
  const { kernel } = useKernel()
  const { apiUrl, projectId } = kernel.store.get().options
  const [pager, setPager] = useState<NftPager>()
  useEffect(() => {
    if (!apiUrl) return
    const source = createNftSource({
      apiUrl,
      projectId,
      onDropped: (reason) => kernel.log.warn('Portico: NFT dropped:', reason),
    })
    const created = createNftPager(async (cursor, signal) => {
      await kernel.api?.whenReady()
      if (kernel.api && !kernel.api.isSupportedNetwork(network)) return { items: [], next: null }
      return source.fetchPage(address, network, cursor, signal)
    })
    setPager(created)
    return () => created.dispose()
  }, [kernel, apiUrl, projectId, address, network])
  const i18n = useI18n()
  if (!apiUrl)
    return <EmptyState icon="card" title={i18n.t('noNfts')} description={i18n.t('noNftsDescription')} />
  return pager ? <NftList pager={pager} /> : <Spinner label={i18n.t('loading')} />
}

/** The NFTs tab body (its own chunk): the active eip155 account's NFTs from the blockchain API. */
export default function NftsTab() {
  const i18n = useI18n()
  const account = useKernelState(selectActiveAccount)
  const network = useKernelState(selectActiveNetwork)
  if (!account?.address || network?.chainNamespace !== 'eip155')
    return <EmptyState icon="card" title={i18n.t('noNfts')} description={i18n.t('noNftsDescription')} />
  return (
    <Pages
      key={`${network.caipNetworkId}:${account.address}`}
      address={account.address}
      network={network.caipNetworkId}
    />
  )
}
