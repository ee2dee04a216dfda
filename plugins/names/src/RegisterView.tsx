import type { PluginViewProps } from '@portico/shared-types/plugin'
import { useState } from 'react'
import { isValidLabel, labelOf, NAME_SUFFIX } from './names.ts'
import { registerName } from './registration.ts'
import { storeOf, useT } from './state.ts'
import { useSuggestions } from './useSuggestions.ts'

/** RegisterAccountName (behaviour §2): search with debounced suggestions and their availability. */
export function RegisterView({ ctx }: PluginViewProps) {
  const t = useT(ctx)
  const { Stack, Text, TextField, ListItem, Spinner, EmptyState } = ctx.ui
  const [input, setInput] = useState('')
  const store = storeOf(ctx)
  const error = store.use((state) => state.error)
  const loading = store.use((state) => state.loading)
  const namespace = ctx.useStore((state) => state.networks.activeNamespace)
  const connected = ctx.useStore((state) => state.accounts.eip155?.status === 'connected')
  const label = labelOf(input)
  const result = useSuggestions(ctx, label)

  if (!ctx.services.api)
    return <EmptyState icon="warning" title={t('unavailable')} description={t('unavailableDescription')} />
  if (namespace !== 'eip155') return <EmptyState icon="user" title={t('evmOnly')} />
  if (!connected) return <EmptyState icon="wallet" title={t('notConnected')} />

  const invalid = label.length > 0 && !isValidLabel(label)
  return (
    <Stack gap="m">
      {error ? (
        <div role="alert">
          <Text tone="error">{error.title}</Text>
          {error.reason ? (
            <Text variant="small" tone="error">
              {error.reason}
            </Text>
          ) : null}
        </div>
      ) : null}
      <TextField
        label={t('search.label')}
        value={input}
        onChange={setInput}
        placeholder={t('search.placeholder')}
        autoFocus
        {...(invalid ? { error: t('search.invalid') } : {})}
      />
      <Text variant="small" tone="secondary">
        {t('search.hint', { suffix: NAME_SUFFIX })}
      </Text>
      {result.status === 'loading' ? <Spinner label={t('search.searching')} /> : null}
      {result.status === 'failed' ? <Text tone="error">{result.message}</Text> : null}
      {result.status === 'done' && result.label === label ? (
        <ul aria-label={t('search.results')} className="pt-list">
          {result.suggestions.map((suggestion) => (
            <li key={suggestion.name}>
              <ListItem
                label={suggestion.name}
                description={suggestion.registered ? t('taken') : t('available')}
                icon="user"
                disabled={suggestion.registered || loading}
                {...(suggestion.registered ? {} : { onClick: () => void registerName(ctx, suggestion.name) })}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </Stack>
  )
}
