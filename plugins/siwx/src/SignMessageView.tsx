import type { PluginViewProps } from '@portico/shared-types/plugin'
import { flowOf } from './flow.ts'
import { t } from './messages.ts'

const MESSAGE_STYLE = { maxHeight: 160, overflow: 'auto' } as const
const PRE_STYLE = { margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12 } as const

/** SIWXSignMessage: what is asked, the message, Sign and Cancel; the error when the last try failed. */
export function SignMessageView({ ctx }: PluginViewProps) {
  const { Text, Stack, Button, Spinner } = ctx.ui
  ctx.i18n?.useTranslation()
  const flow = flowOf(ctx)
  const state = flow.store.use((s) => s)
  const required = ctx.useStore((s) => s.signIn.required)
  const app = ctx.config.metadata?.name ?? location.host
  const busy = state.phase === 'preparing' || state.phase === 'signing'
  return (
    <Stack gap="m" align="stretch">
      <Text variant="title" as="h3">
        {t(ctx, 'title', { app })}
      </Text>
      <Text tone="secondary">{t(ctx, required ? 'description' : 'descriptionOptional')}</Text>
      {state.message ? (
        // A region of its own, focusable: it scrolls when long, and keyboard users can scroll it too.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        <section aria-label={t(ctx, 'messageLabel')} tabIndex={0} style={MESSAGE_STYLE}>
          <pre style={PRE_STYLE}>{state.message}</pre>
        </section>
      ) : state.phase === 'preparing' ? (
        <Spinner label={t(ctx, 'preparing')} />
      ) : null}
      {state.error ? (
        <div role="alert">
          <Text tone="error">{state.error}</Text>
        </div>
      ) : null}
      <Stack direction="row" gap="s" justify="between">
        <Button
          variant="secondary"
          fullWidth
          disabled={state.phase === 'signing'}
          onClick={() => void flow.cancel()}
        >
          {t(ctx, 'cancel')}
        </Button>
        <Button variant="primary" fullWidth loading={busy} onClick={() => void flow.sign()}>
          {state.phase === 'signing' ? t(ctx, 'signing') : t(ctx, 'sign')}
        </Button>
      </Stack>
    </Stack>
  )
}
