import type { PluginViewProps } from '@portico/shared-types/plugin'
import { FramePlace } from './FramePlace.tsx'
import { strings } from './strings.ts'

/**
 * Export private key: the auth frame shows the user's key export in its own origin (a fresh code mailed
 * to the account's address, then the keys), never posting a key to the page. Done in the frame, or Back
 * here, ends it.
 */
export function ExportKeyView({ ctx }: PluginViewProps) {
  const { Text, Stack } = ctx.ui
  return (
    <Stack gap="s" align="stretch">
      <Text variant="small" tone="secondary">
        {strings.exportNote}
      </Text>
      <FramePlace
        ctx={ctx}
        active
        onShown={(frame) => {
          const leave = new AbortController()
          frame.request('SHOW_KEY_EXPORT', undefined, { signal: leave.signal, timeoutMs: 0 }).then(
            () => ctx.router.goBack(),
            () => undefined,
          )
          return () => leave.abort()
        }}
      />
    </Stack>
  )
}
