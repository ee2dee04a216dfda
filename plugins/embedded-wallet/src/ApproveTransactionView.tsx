import type { PluginViewProps } from '@portico/shared-types'
import { useEffect, useState, useSyncExternalStore } from 'react'
import { summarize } from './requestSummary.ts'
import { sessionOf } from './session.ts'
import { strings } from './strings.ts'

const DETAILS_STYLE = { maxHeight: 200, overflow: 'auto' } as const
const PRE_STYLE = { margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontSize: 12 } as const

/**
 * ApproveTransaction (SPEC §4 RPC requests): the unsafe request the AUTH connector holds, Approve or
 * Reject. The kernel's request pipeline pops this view (or closes the modal) when the request settles.
 */
export function ApproveTransactionView({ ctx }: PluginViewProps) {
  const { Text, Stack, Button, Spinner } = ctx.ui
  const { approvals } = sessionOf(ctx)
  const request = useSyncExternalStore(approvals.subscribe, approvals.current)
  const [approvedId, setApprovedId] = useState<number>()
  const [formatted, setFormatted] = useState<string[]>()
  const network = ctx.chains.activeNetwork('eip155')
  const summary = request ? summarize(request.method, request.params) : undefined
  const values = summary?.values.join(',')

  useEffect(() => {
    if (!values || !network) return
    let live = true
    const { decimals, symbol } = network.nativeCurrency
    void ctx.chains.evm().then((evm) => {
      if (live)
        setFormatted(values.split(',').map((wei) => `${evm.formatUnits(BigInt(wei), decimals)} ${symbol}`))
    })
    return () => {
      live = false
    }
  }, [ctx, values, network])

  if (!request || !summary) {
    return approvedId !== undefined ? (
      <Spinner label={strings.approving} />
    ) : (
      <Text tone="secondary">{strings.noRequest}</Text>
    )
  }
  let valueIndex = 0
  const rows = summary.rows.map((row) => {
    if (!row.label.endsWith('Value')) return row
    const shown = formatted?.[valueIndex]
    valueIndex += 1
    return shown ? { ...row, value: shown } : row
  })
  return (
    <Stack gap="m" align="stretch">
      <Text variant="title" as="h3">
        {strings.approveHeading}
      </Text>
      <dl style={{ margin: 0 }}>
        <dt>
          <Text variant="small" tone="secondary" as="span">
            {strings.method}
          </Text>
        </dt>
        <dd style={{ margin: 0 }}>
          <Text variant="mono" as="span">
            {summary.method}
          </Text>
        </dd>
      </dl>
      {rows.length > 0 ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        <section aria-label={strings.details} tabIndex={0} style={DETAILS_STYLE}>
          <dl style={{ margin: 0 }}>
            {rows.map((row) => (
              <div key={row.label}>
                <dt>
                  <Text variant="small" tone="secondary" as="span">
                    {row.label}
                  </Text>
                </dt>
                <dd style={{ margin: 0 }}>
                  <pre style={PRE_STYLE}>{row.value}</pre>
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      <Stack direction="row" gap="s" justify="between">
        <Button variant="secondary" fullWidth onClick={() => approvals.decide(request.id, false)}>
          {strings.reject}
        </Button>
        <Button
          variant="primary"
          fullWidth
          onClick={() => {
            setApprovedId(request.id)
            approvals.decide(request.id, true)
          }}
        >
          {strings.approve}
        </Button>
      </Stack>
    </Stack>
  )
}
