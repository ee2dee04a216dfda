import type { SwapTokenInfo } from '@portico/shared-types'
import type { PluginViewProps } from '@portico/shared-types/plugin'
import { useState } from 'react'
import type { Side } from './controller.ts'
import { swapSession } from './session.ts'
import { useTexts } from './strings.ts'
import { useSwapStyles } from './styles.ts'
import { TokenLogo } from './TokenLogo.tsx'
import { isNativeToken, searchTokens, tokenKey } from './tokens.ts'

/**
 * behaviour §2 Swap: choose a side's token from the API's list, by search; identity is the CAIP address.
 * Rows are the kit's list-row markup with the token's own logo (a drawn one when it has none).
 */
export function SelectTokenView({ ctx, params }: PluginViewProps) {
  const { EmptyState, Stack, Text, TextField } = ctx.ui
  useSwapStyles(ctx)
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
    const text = isNativeToken(token.address)
      ? `${token.name} · ${held}`
      : `${token.name} · ${held} · ${ctx.chains.truncateAddress(contract)}`
    return token.verified === false ? `${strings.unverified} · ${text}` : text
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
              <button
                type="button"
                className="pt-item"
                aria-current={
                  (selected !== undefined && tokenKey(selected) === tokenKey(token.address)) || undefined
                }
                onClick={() => {
                  controller.selectToken(side, token.address)
                  ctx.router.goBack()
                }}
              >
                <TokenLogo token={token} size={36} />
                <span className="pt-item-text">
                  <span className="pt-item-label">{token.symbol}</span>
                  <span className="pt-muted pt-text-small">{describe(token)}</span>
                </span>
              </button>
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
