import type { PluginViewProps, SwapTokenInfo } from '@portico/shared-types'
import { useState } from 'react'
import type { Side } from './controller.ts'
import { swapSession } from './session.ts'
import { useTexts } from './strings.ts'
import { isNativeToken, searchTokens, tokenKey } from './tokens.ts'

/** behaviour §2 Swap: choose a side's token from the API's list, by search; identity is the CAIP address. */
export function SelectTokenView({ ctx, params }: PluginViewProps) {
  const { EmptyState, ListItem, Stack, Text, TextField } = ctx.ui
  const side: Side = params.side === 'source' ? 'source' : 'to'
  const { store, controller } = swapSession(ctx)
  const strings = useTexts(ctx)
  const mine = store.use((s) => s.myTokensWithBalance ?? [])
  const popular = store.use((s) => s.popularTokens ?? [])
  const selected = store.use((s) => (side === 'source' ? s.sourceToken : s.toToken)?.address)
  const [query, setQuery] = useState('')

  const describe = (token: SwapTokenInfo) => {
    const held = `${ctx.chains.formatBalance(token.quantity.numeric)} ${token.symbol}`
    const contract = token.address.split(':')[2] ?? ''
    // The contract tells apart two tokens that claim the same symbol or name.
    return isNativeToken(token.address)
      ? `${token.name} · ${held}`
      : `${token.name} · ${held} · ${ctx.chains.truncateAddress(contract)}`
  }
  const list = (label: string, tokens: SwapTokenInfo[]) =>
    tokens.length === 0 ? null : (
      <Stack gap="xs">
        <Text variant="small" tone="secondary" as="h3">
          {label}
        </Text>
        <ul className="pt-list" aria-label={label}>
          {tokens.map((token) => (
            <li key={tokenKey(token.address)}>
              <ListItem
                label={token.symbol}
                description={describe(token)}
                {...(token.logoUri ? { imageUrl: token.logoUri } : {})}
                selected={selected !== undefined && tokenKey(selected) === tokenKey(token.address)}
                onClick={() => {
                  controller.selectToken(side, token.address)
                  ctx.router.goBack()
                }}
              />
            </li>
          ))}
        </ul>
      </Stack>
    )
  const foundMine = searchTokens(mine, query)
  const foundPopular = searchTokens(popular, query)
  return (
    <Stack gap="m">
      <TextField
        label={strings.search}
        value={query}
        placeholder={strings.searchPlaceholder}
        onChange={setQuery}
      />
      {list(strings.yourTokens, foundMine)}
      {list(strings.popularTokens, foundPopular)}
      {foundMine.length === 0 && foundPopular.length === 0 ? (
        <EmptyState icon="search" title={strings.noResults} />
      ) : null}
    </Stack>
  )
}
