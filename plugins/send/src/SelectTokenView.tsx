import type { PluginViewProps } from '@portico/shared-types/plugin'
import { sendableTokens, tokenKey } from './send.ts'
import { activeAccount, activeNetwork, sendStore } from './state.ts'
import { strings } from './strings.ts'

export function SelectTokenView({ ctx }: PluginViewProps) {
  const { EmptyState, ListItem } = ctx.ui
  const store = sendStore(ctx)
  const selected = store.use((state) => (state.token ? tokenKey(state.token) : undefined))
  const account = ctx.useStore(activeAccount)
  const network = ctx.useStore(activeNetwork)
  const tokens = sendableTokens(account, network)
  if (tokens.length === 0) return <EmptyState icon="wallet" title={strings.noTokens} />
  return (
    <ul className="pt-list" aria-label={strings.tokens}>
      {tokens.map((token) => (
        <li key={tokenKey(token)}>
          <ListItem
            label={token.name}
            description={`${ctx.chains.formatBalance(token.quantity.numeric)} ${token.symbol}`}
            {...(token.iconUrl ? { imageUrl: token.iconUrl } : {})}
            selected={tokenKey(token) === selected}
            onClick={() => {
              store.update((draft) => {
                if (draft.token && tokenKey(draft.token) !== tokenKey(token)) draft.sendTokenAmount = ''
                draft.token = token
                delete draft.error
              })
              ctx.router.goBack()
            }}
          />
        </li>
      ))}
    </ul>
  )
}
