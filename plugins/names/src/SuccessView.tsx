import type { PluginViewProps } from '@portico/shared-types/plugin'
import { storeOf, useT } from './state.ts'

/** RegisterAccountNameSuccess (behaviour §2, §4): waits for the signature and the API, then confirms. */
export function SuccessView({ ctx, params }: PluginViewProps) {
  const t = useT(ctx)
  const { Stack, Text, Button, Spinner, Icon } = ctx.ui
  const store = storeOf(ctx)
  const loading = store.use((state) => state.loading)
  const registered = store.use((state) => state.registered)
  const name = typeof params.name === 'string' ? params.name : store.get().name

  if (registered && registered === name)
    return (
      <Stack gap="m" align="center">
        <Icon name="check" size={40} />
        <Text variant="title" as="h3">
          {t('registered', { name })}
        </Text>
        <Text tone="secondary">{t('registeredDescription')}</Text>
        <Button fullWidth onClick={() => ctx.router.reset('Account')}>
          {t('done')}
        </Button>
      </Stack>
    )
  if (!loading)
    return (
      <Stack gap="m" align="center">
        <Text tone="secondary">{t('idle')}</Text>
        <Button fullWidth variant="secondary" onClick={() => ctx.router.replace('RegisterAccountName')}>
          {t('views.RegisterAccountName')}
        </Button>
      </Stack>
    )
  return (
    <Stack gap="m" align="center">
      <Spinner label={t('signing', { name: name ?? '' })} />
      <Text tone="secondary">{t('signing', { name: name ?? '' })}</Text>
    </Stack>
  )
}
