import { MESSAGES, type PluginViewProps } from '@portico/shared-types'
import { buildTransaction, waitForReceipt } from './send.ts'
import { activeAccount, activeNetwork, formatUsd, resetSend, sendStore } from './state.ts'
import { strings } from './strings.ts'

export function PreviewView({ ctx }: PluginViewProps) {
  const { Button, EmptyState, Stack, Text } = ctx.ui
  const store = sendStore(ctx)
  const state = store.use((s) => s)
  const account = ctx.useStore(activeAccount)
  const network = ctx.useStore(activeNetwork)
  const address = account?.status === 'connected' ? account.address : undefined
  const { token } = state
  if (!address || !network || !token) return <EmptyState icon="wallet" title={strings.notConnected} />
  const amount = `${state.sendTokenAmount.trim()} ${token.symbol}`
  const fee = state.gasPriceInUSD ?? 0

  const confirm = async () => {
    const provider = ctx.account.provider()
    store.update((draft) => {
      draft.loading = true
    })
    try {
      if (!provider) throw new Error('No wallet is connected')
      const tx = buildTransaction(address, token, state.sendTokenAmount, state.receiverAddress)
      const hash = (await provider.request({ method: 'eth_sendTransaction', params: [tx] })) as string
      ctx.toast.success(MESSAGES.transactionStarted)
      resetSend(store)
      // SPEC §2: after a send starts, the view returns to Account; balances follow once it is mined.
      ctx.router.reset('Account')
      void waitForReceipt(ctx, hash).then(() => ctx.account.refreshBalance())
    } catch (error) {
      ctx.log.warn('the send failed', error)
      ctx.toast.error(MESSAGES.somethingWentWrong)
      store.update((draft) => {
        draft.loading = false
      })
    }
  }

  const rows: [string, string][] = [
    [
      strings.youSend,
      token.price > 0
        ? `${amount} (${strings.approx(formatUsd(Number(state.sendTokenAmount) * token.price, strings.lessThanCent))})`
        : amount,
    ],
    [strings.to, state.receiverAddress.trim()],
    [strings.network, network.name],
    [strings.networkFee, strings.approx(formatUsd(fee, strings.lessThanCent))],
  ]
  return (
    <Stack gap="m">
      <dl className="pt-stack pt-gap-s">
        {rows.map(([term, value]) => (
          <div key={term} className="pt-stack pt-gap-xs">
            <dt className="pt-text-small pt-tone-secondary">{term}</dt>
            <dd
              className={term === strings.to ? 'pt-text-mono' : 'pt-text-body'}
              style={{ margin: 0, overflowWrap: 'anywhere' }}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {state.loading ? (
        <Text variant="small" tone="secondary">
          {strings.sending}
        </Text>
      ) : null}
      <Stack direction="row" gap="s">
        <Button variant="secondary" fullWidth disabled={state.loading} onClick={() => ctx.router.goBack()}>
          {strings.cancel}
        </Button>
        <Button variant="primary" fullWidth loading={state.loading} onClick={() => void confirm()}>
          {strings.confirm}
        </Button>
      </Stack>
    </Stack>
  )
}
