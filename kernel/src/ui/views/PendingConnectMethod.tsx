import {
  CONNECT_METHOD_FEATURES,
  type ConnectMethod,
  type KernelState,
  type SocialProvider,
} from '@portico/shared-types'
import { planPlugins } from '../../pluginHost/enabled.ts'

/** behaviour §9 providers: the social section never has more buttons than these. */
const MAX_SOCIAL_BUTTONS = 7

/**
 * Connect methods whose built-in plugin is on but not ready yet (plugins load after the modal opens):
 * their place is kept until the section arrives, or dropped if the plugin fails.
 */
export function pendingConnectMethods(
  state: Pick<KernelState, 'options' | 'plugins'>,
  contributed: ReadonlySet<string>,
): Set<ConnectMethod> {
  const planned = new Set(planPlugins(state.options).map((plan) => plan.id))
  const pending = new Set<ConnectMethod>()
  for (const [method, feature] of Object.entries(CONNECT_METHOD_FEATURES)) {
    const status = state.plugins[feature]?.status
    if (!contributed.has(method) && planned.has(feature) && status !== 'ready' && status !== 'failed')
      pending.add(method as ConnectMethod)
  }
  return pending
}

const blockButton = (key: number) => (
  <span key={key} className="pt-btn pt-full">
    {'\u00a0'}
  </span>
)

/**
 * The space a loading method's section will take, built from the same boxes (field, full-width
 * buttons) so that nothing below it moves when the section arrives. Nothing in it can be focused.
 * Email: the address field, Continue and the passkey button. Social: one button a provider, the
 * first wide and the others in a row of marks (the socials plugin's `marks` layout).
 */
export function PendingConnectMethod({
  method,
  socials,
}: {
  method: ConnectMethod
  socials: SocialProvider[] | false
}) {
  const buttons = Math.min(
    method === 'social' && Array.isArray(socials) ? new Set(socials).size : 0,
    MAX_SOCIAL_BUTTONS,
  )
  return (
    <div className="pt-method-pending" data-method={method} aria-hidden="true">
      <div className="pt-stack pt-gap-s">
        {method === 'email' ? (
          <>
            <div className="pt-field">
              <span>{'\u00a0'}</span>
              <span className="pt-pending-input">{'\u00a0'}</span>
            </div>
            {blockButton(0)}
            {blockButton(1)}
          </>
        ) : buttons > 0 ? (
          <>
            {blockButton(0)}
            {buttons > 1 ? (
              <div className="pt-marks">
                {Array.from({ length: buttons - 1 }, (_, index) => blockButton(index + 1))}
              </div>
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  )
}
