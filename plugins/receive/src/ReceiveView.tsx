import type { PluginViewProps } from '@portico/shared-types/plugin'
import { strings } from './strings.ts'

export function ReceiveView({ ctx }: PluginViewProps) {
  const { Text, Stack, QrCode, CopyButton, EmptyState } = ctx.ui
  const address = ctx.useStore((state) => {
    const namespace = state.networks.activeNamespace
    return namespace ? state.accounts[namespace]?.address : undefined
  })
  const networks = ctx.useStore((state) => {
    const namespace = state.networks.activeNamespace
    return namespace ? (state.networks.byNamespace[namespace]?.requestedCaipNetworks ?? []) : []
  })
  if (!address) return <EmptyState icon="wallet" title={strings.notConnected} />
  return (
    <Stack gap="m">
      <QrCode value={address} label={strings.qrLabel} />
      <Stack gap="xs">
        <Text variant="small" tone="secondary">
          {strings.yourAddress}
        </Text>
        <Text variant="mono">{address}</Text>
      </Stack>
      <CopyButton value={address} label={strings.copy} copiedMessage={strings.copied} />
      <Stack gap="xs">
        <Text variant="small" tone="secondary" as="h3">
          {strings.networks}
        </Text>
        <ul aria-label={strings.networks} className="pt-list">
          {networks.map((network) => (
            <li key={network.caipNetworkId} className="pt-item">
              {network.name}
            </li>
          ))}
        </ul>
        <Text variant="small" tone="secondary">
          {strings.networksHint}
        </Text>
      </Stack>
    </Stack>
  )
}
