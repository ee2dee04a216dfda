import type { AccountType } from '@portico/shared-types'
import type { PluginViewProps } from '@portico/shared-types/plugin'
import { useState } from 'react'
import { switchAccountType } from './accountType.ts'
import { sessionOf } from './session.ts'
import { strings } from './strings.ts'

const label = (type: AccountType) => (type === 'smartAccount' ? strings.smartAccount : strings.eoa)

/** The Account menu's account-type switch (behaviour §4 preferred account type) for this plugin's AUTH connector. */
export const accountTypeView = (authConnectorId: string) =>
  function AccountTypeView({ ctx }: PluginViewProps) {
    return <AccountTypeSwitch ctx={ctx} connectorId={authConnectorId} />
  }

function AccountTypeSwitch({ ctx, connectorId: own }: { ctx: PluginViewProps['ctx']; connectorId: string }) {
  const { Text, Stack, Button, Spinner } = ctx.ui
  const session = sessionOf(ctx)
  const connectorId = ctx.useStore((state) => state.accounts.eip155?.connectorId)
  const ownConnector = connectorId === own
  const [type, setType] = useState<AccountType>(session.preferredAccountType())
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<string>()
  if (!ownConnector) return <Text tone="secondary">{strings.notEmbedded}</Text>
  const other: AccountType = type === 'smartAccount' ? 'eoa' : 'smartAccount'
  const change = async () => {
    setLoading(true)
    setError(undefined)
    try {
      const result = await switchAccountType(session, other)
      setType(result.type)
      if (result.fellBack) setError(strings.fellBack)
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure))
    } finally {
      setLoading(false)
    }
  }
  return (
    <Stack gap="m" align="stretch">
      <Text>
        {strings.current}: <strong>{label(type)}</strong>
      </Text>
      {loading ? <Spinner label={strings.switching} /> : null}
      {error ? (
        <div role="alert">
          <Text tone="error">{error}</Text>
        </div>
      ) : null}
      <Button variant="primary" fullWidth loading={loading} onClick={() => void change()}>
        {strings.switchTo(label(other))}
      </Button>
    </Stack>
  )
}
