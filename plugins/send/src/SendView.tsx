import { MESSAGES } from '@portico/shared-types'
import type { PluginViewProps } from '@portico/shared-types/plugin'
import { bitcoinFormError } from './bitcoin/messages.ts'
import { checkBitcoinFee } from './bitcoin/send.ts'
import { useFreshBalances } from './freshBalances.ts'
import { useChainHelpers } from './helpers.ts'
import { looksLikeName, ReceiverNameError, resolveReceiverName } from './receiverName.ts'
import {
  buildTransaction,
  checkGas,
  checkSolanaFee,
  destinationOf,
  SEND_NAMESPACES,
  sendableTokens,
  tokenKey,
  unitsOf,
  validate,
} from './send.ts'
import { activeAccount, activeNetwork, formatUsd, sendStore } from './state.ts'
import { strings } from './strings.ts'

export function SendView({ ctx }: PluginViewProps) {
  const { Button, EmptyState, Icon, Spinner, Stack, Text, TextField } = ctx.ui
  const store = sendStore(ctx)
  const state = store.use((s) => s)
  const account = ctx.useStore(activeAccount)
  const network = ctx.useStore(activeNetwork)
  const { helpers, evm, solana, bitcoin, error: helpersError } = useChainHelpers(ctx, network?.chainNamespace)
  const address = account?.status === 'connected' ? account.address : undefined
  useFreshBalances(ctx, address, network?.caipNetworkId)
  if (!account || !address || !network) return <EmptyState icon="wallet" title={strings.notConnected} />
  const namespace = network.chainNamespace
  if (!SEND_NAMESPACES.includes(namespace))
    return <EmptyState icon="warning" title={MESSAGES.unsupportedChain} />
  if (helpersError)
    return <EmptyState icon="warning" title={bitcoinFormError(helpersError) ?? MESSAGES.somethingWentWrong} />
  if (!helpers) return <Spinner label={strings.loading} />
  const tokens = sendableTokens(account, network)
  const chosen = state.token ? tokenKey(state.token) : undefined
  const token =
    tokens.find((candidate) => tokenKey(candidate) === chosen) ??
    tokens.find((candidate) => candidate.address === undefined) ??
    tokens[0]
  if (!token) return <EmptyState icon="wallet" title={strings.noTokens} />

  const errors = validate(state, token, helpers, namespace)
  const amountError = state.submitted || state.sendTokenAmount !== '' ? errors.amount : undefined
  const receiverError = state.submitted || state.receiverAddress !== '' ? errors.receiver : undefined
  const invalid = Boolean(errors.amount || errors.receiver)
  const balance = `${ctx.chains.formatBalance(token.quantity.numeric)} ${token.symbol}`
  const amountUsd = Number(state.sendTokenAmount) * token.price
  // behaviour §5: the form-level message is Solana's own; the eip155 form shows its field errors only.
  const formError =
    state.error ??
    (namespace !== 'eip155' && state.submitted && invalid ? MESSAGES.solanaInvalidSend : undefined)

  const submit = async () => {
    store.update((draft) => {
      draft.submitted = true
      delete draft.error
    })
    if (invalid || state.loading) return
    store.update((draft) => {
      draft.loading = true
      draft.token = token
    })
    try {
      // A name: its address from the API for this chain, or the form says why there is none.
      if (evm && looksLikeName(state.receiverAddress, namespace)) {
        const resolved = await resolveReceiverName(ctx, evm, network, state.receiverAddress)
        store.update((draft) => {
          draft.resolvedReceiver = resolved
        })
      }
      const receiver = destinationOf(store.get(), namespace)
      if (!receiver) throw new ReceiverNameError(MESSAGES.errorResolvingName)
      const check = bitcoin
        ? await checkBitcoinFee(
            ctx,
            store,
            network,
            address,
            receiver,
            unitsOf(bitcoin, state.sendTokenAmount, 8),
          )
        : solana
          ? await checkSolanaFee(
              solana,
              account,
              network,
              unitsOf(solana, state.sendTokenAmount, Number(token.quantity.decimals)),
            )
          : evm
            ? await checkGas(
                ctx,
                evm,
                account,
                network,
                tokens,
                buildTransaction(evm, address, token, state.sendTokenAmount, receiver),
              )
            : undefined
      if (!check) throw new Error(`No chain helpers for ${namespace}`)
      store.update((draft) => {
        draft.loading = false
        draft.gas = check.gas
        draft.gasPrice = check.gasPrice
        draft.gasPriceInUSD = check.gasPriceInUSD
        draft.networkBalanceInUSD = check.networkBalanceInUSD
        if (check.insufficient) draft.error = strings.insufficientGas(network.nativeCurrency.symbol)
      })
      if (!check.insufficient) ctx.router.push('SendPreview')
    } catch (error) {
      ctx.log.warn('could not prepare the transaction', error)
      store.update((draft) => {
        draft.loading = false
        draft.error =
          error instanceof ReceiverNameError
            ? error.message
            : (bitcoinFormError(error) ?? MESSAGES.somethingWentWrong)
      })
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <Stack gap="m">
        <Stack gap="xs">
          <Text variant="small" tone="secondary" as="h3">
            {strings.token}
          </Text>
          <button
            type="button"
            className="pt-item"
            aria-label={strings.changeToken(token.symbol, balance)}
            onClick={() => ctx.router.push('SendSelectToken')}
          >
            {token.iconUrl ? <img src={token.iconUrl} alt="" width={36} height={36} /> : null}
            <span className="pt-item-text">
              <span className="pt-item-label">{token.symbol}</span>
              <span className="pt-muted pt-text-small">{strings.balance(balance)}</span>
            </span>
            <Icon name="chevronRight" />
          </button>
        </Stack>
        <Stack gap="xs">
          <TextField
            label={strings.amount}
            value={state.sendTokenAmount}
            inputMode="decimal"
            placeholder="0"
            onChange={(value) =>
              store.update((draft) => {
                draft.sendTokenAmount = value
                delete draft.error
              })
            }
            {...(amountError ? { error: amountError } : {})}
          />
          {!errors.amount && token.price > 0 ? (
            <Text variant="small" tone="secondary">
              {strings.approx(formatUsd(amountUsd, strings.lessThanCent))}
            </Text>
          ) : null}
        </Stack>
        <TextField
          label={namespace === 'eip155' ? strings.receiverOrName : strings.receiver}
          value={state.receiverAddress}
          placeholder={
            namespace === 'solana'
              ? strings.solanaReceiverPlaceholder
              : namespace === 'bip122'
                ? strings.bitcoinReceiverPlaceholder
                : strings.receiverPlaceholder
          }
          onChange={(value) =>
            store.update((draft) => {
              draft.receiverAddress = value
              delete draft.resolvedReceiver
              delete draft.error
            })
          }
          {...(receiverError ? { error: receiverError } : {})}
        />
        {formError ? (
          <p role="alert" className="pt-text-small pt-tone-error">
            {formError}
          </p>
        ) : null}
        <Button type="submit" variant="primary" fullWidth loading={state.loading}>
          {state.loading
            ? looksLikeName(state.receiverAddress, namespace) && !state.resolvedReceiver
              ? strings.resolving
              : strings.estimating
            : strings.preview}
        </Button>
      </Stack>
    </form>
  )
}
