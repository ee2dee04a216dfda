import type { SmartSession } from '@portico/shared-types/api'
import type { PluginViewProps } from '@portico/shared-types/plugin'
import { useCallback, useEffect, useState } from 'react'
import { loadSessions, revokeSession, sessionAccount, shortId, statusOf } from './sessions.ts'
import { strings } from './strings.ts'

export const SESSIONS_VIEW = 'SmartSessions'

type Load = { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; sessions: SmartSession[] }

const dateOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10)

export function SessionsView({ ctx }: PluginViewProps) {
  const { Button, EmptyState, Spinner, Stack, Text } = ctx.ui
  const connected = ctx.useStore((state) => state.accounts.eip155?.status === 'connected')
  const [load, setLoad] = useState<Load>({ status: 'loading' })
  const [revoking, setRevoking] = useState<string | undefined>()

  const refresh = useCallback(() => {
    setLoad({ status: 'loading' })
    loadSessions(ctx).then(
      (sessions) => setLoad({ status: 'loaded', sessions }),
      (error: unknown) => {
        ctx.log.warn('could not load the sessions', error)
        setLoad({ status: 'failed' })
      },
    )
  }, [ctx])
  useEffect(() => {
    if (connected) refresh()
  }, [connected, refresh])

  if (!connected || !sessionAccount(ctx)) return <EmptyState icon="wallet" title={strings.notConnected} />
  if (load.status === 'loading') return <Spinner label={strings.loading} />
  if (load.status === 'failed')
    return (
      <Stack gap="m">
        <EmptyState icon="warning" title={strings.loadFailed} />
        <Button variant="secondary" fullWidth onClick={refresh}>
          {strings.retry}
        </Button>
      </Stack>
    )
  if (load.sessions.length === 0)
    return <EmptyState icon="clock" title={strings.empty} description={strings.emptyHint} />

  const revoke = async (pci: string) => {
    setRevoking(pci)
    try {
      const revokedAt = await revokeSession(ctx, pci)
      setLoad({
        status: 'loaded',
        sessions: load.sessions.map((session) => (session.pci === pci ? { ...session, revokedAt } : session)),
      })
      ctx.toast.success(strings.revokedToast)
    } catch (error) {
      ctx.log.warn('could not revoke the session', error)
      ctx.toast.error(strings.revokeFailed)
    } finally {
      setRevoking(undefined)
    }
  }

  const now = Math.floor(Date.now() / 1000)
  return (
    <ul className="pt-list" aria-label={strings.list}>
      {load.sessions.map((session) => {
        const status = statusOf(session, now)
        const permission = session.permission.permissionType
        return (
          <li key={session.pci} className="pt-item">
            <span className="pt-item-text">
              <span className="pt-item-label">{permission}</span>
              <Text variant="small" tone="secondary" as="span">
                {`${strings[status]} · ${strings.created(dateOf(session.createdAt))} · ${
                  session.expiry === null ? strings.noExpiry : strings.expires(dateOf(session.expiry))
                }`}
              </Text>
            </span>
            {status === 'active' ? (
              <Button
                variant="danger"
                size="sm"
                loading={revoking === session.pci}
                disabled={revoking !== undefined}
                aria-label={strings.revokeLabel(permission, shortId(session.pci))}
                onClick={() => void revoke(session.pci)}
              >
                {strings.revoke}
              </Button>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}
