import { MESSAGES } from '@portico/shared-types'
import {
  type PluginViewProps,
  type SolanaHelpers,
  sendCalls,
  type WalletCall,
} from '@portico/shared-types/plugin'
import { confirmBitcoinSend } from './bitcoin/send.ts'
import { useChainHelpers } from './helpers.ts'
import { buildTransaction, destinationOf, sendCallOf, unitsOf, waitForSignature } from './send.ts'
import { sponsorRefusal } from './sponsorship.ts'
import { activeAccount, activeNetwork, formatUsd, resetSend, sendStore } from './state.ts'
import { strings } from './strings.ts'

export function PreviewView({ ctx }: PluginViewProps) {
  const { Avatar, Button, EmptyState, Spinner, Stack, Text } = ctx.ui
  const store = sendStore(ctx)
  const state = store.use((s) => s)
  const account = ctx.useStore(activeAccount)
  const network = ctx.useStore(activeNetwork)
  const {
    helpers,
    evm,
    solana: solanaHelpers,
    error: helpersError,
  } = useChainHelpers(ctx, network?.chainNamespace)
  const address = account?.status === 'connected' ? account.address : undefined
  const { token } = state
  if (!address || !network || !token) return <EmptyState icon="wallet" title={strings.notConnected} />
  if (helpersError) return <EmptyState icon="warning" title={MESSAGES.somethingWentWrong} />
  if (!helpers) return <Spinner label={strings.loading} />
  const amount = `${state.sendTokenAmount.trim()} ${token.symbol}`
  const solana = network.chainNamespace === 'solana'
  const rpcUrl = network.rpcUrls.default.http[0]
  // The resolved address of the name in the field (never the name itself), or the typed address.
  const destination = destinationOf(state, network.chainNamespace)
  const named = destination !== undefined && state.resolvedReceiver?.address === destination
  const receiver = named ? state.resolvedReceiver : undefined
  // In USD when priced, else in the native currency (Solana fees, or no price known).
  const feeUsd = state.gasPriceInUSD ?? 0
  const feeNative = `${helpers.formatUnits((state.gas ?? 0n) * (state.gasPrice ?? 0n), network.nativeCurrency.decimals)} ${network.nativeCurrency.symbol}`
  const fee = feeUsd > 0 ? strings.approx(formatUsd(feeUsd, strings.lessThanCent)) : feeNative

  /** Solana: a System Program transfer, signed and sent by the wallet (solana_signAndSendTransaction). */
  const sendSolana = async (
    solana: SolanaHelpers,
    provider: NonNullable<ReturnType<typeof ctx.account.provider>>,
  ) => {
    if (!rpcUrl) throw new Error(`${network.name} has no RPC URL`)
    const transaction = solana.transferTransaction({
      from: address,
      to: state.receiverAddress,
      lamports: unitsOf(solana, state.sendTokenAmount, network.nativeCurrency.decimals),
      blockhash: await solana.latestBlockhash(rpcUrl),
    })
    const { signature } = (await provider.request({
      method: 'solana_signAndSendTransaction',
      params: { transaction },
    })) as { signature: string }
    return signature
  }

  /** Solana: sent by the wallet, then followed by its signature's status. */
  const sendSolanaAndWait = async (
    solana: SolanaHelpers,
    provider: NonNullable<ReturnType<typeof ctx.account.provider>>,
  ) => {
    const signature = await sendSolana(solana, provider)
    return { id: signature, landed: waitForSignature(solana, rpcUrl, signature) }
  }

  /**
   * EVM: the shared sendCalls (one call: a plain eth_sendTransaction, or a sponsored wallet_sendCalls
   * when the app has a paymaster for the network and the wallet takes one), then its outcome.
   */
  const sendEvm = async (
    call: WalletCall,
    provider: NonNullable<ReturnType<typeof ctx.account.provider>>,
    plan: { sponsored: boolean },
  ) => {
    const sent = await sendCalls({
      provider,
      network: network.caipNetworkId,
      from: address,
      calls: [call],
      paymasterServices: ctx.config.paymasterServices,
      onPlan: ({ sponsored }) => {
        plan.sponsored = sponsored
      },
    })
    return { id: sent.id, landed: sent.outcome }
  }

  const confirm = async () => {
    const provider = ctx.account.provider()
    const plan = { sponsored: false }
    store.update((draft) => {
      draft.loading = true
    })
    try {
      if (!provider) throw new Error('No wallet is connected')
      if (!destination) throw new Error('The receiver name is not resolved')
      const bitcoin =
        network.chainNamespace === 'bip122'
          ? await confirmBitcoinSend(ctx, store, provider, network)
          : undefined
      const sent = bitcoin
        ? { id: bitcoin.txid, landed: bitcoin.landed }
        : solanaHelpers
          ? await sendSolanaAndWait(solanaHelpers, provider)
          : evm
            ? await sendEvm(
                sendCallOf(buildTransaction(evm, address, token, state.sendTokenAmount, destination)),
                provider,
                plan,
              )
            : undefined
      if (!sent) throw new Error(`No chain helpers for ${network.chainNamespace}`)
      ctx.toast.success(MESSAGES.transactionStarted)
      resetSend(store)
      // behaviour §2: after a send starts, the view returns to Account; balances follow once it is mined.
      ctx.router.reset('Account')
      void sent.landed.then(
        () => ctx.account.refreshBalance(),
        (error: unknown) => ctx.log.warn('the send did not land', error),
      )
    } catch (error) {
      ctx.log.warn('the send failed', error)
      // behaviour §8: 'Something went wrong' for an EVM send, its own message for a Solana one; a
      // sponsored send the wallet refused says why (the app's paymaster policy, e.g. a daily limit).
      ctx.toast.error(
        solana
          ? MESSAGES.solanaSendFailed
          : ((plan.sponsored ? sponsorRefusal(error) : undefined) ?? MESSAGES.somethingWentWrong),
      )
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
    [strings.to, (destination ?? state.receiverAddress).trim()],
    [strings.network, network.name],
    [strings.networkFee, fee],
  ]
  return (
    <Stack gap="m">
      {receiver ? (
        <Stack direction="row" gap="s" align="center">
          <Avatar address={receiver.address} imageUrl={receiver.avatar ?? null} size={40} />
          <Text variant="body">{strings.toName(receiver.name)}</Text>
        </Stack>
      ) : null}
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
