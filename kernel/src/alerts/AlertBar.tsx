import { useSyncExternalStore } from 'react'
import { Icon } from '../ui/primitives/Icon.tsx'
import { currentAlert, dismissAlert, subscribeAlerts } from './alerts.ts'

/** The behaviour §8 alert of this page, at the top of the modal until dismissed. */
export function AlertBar() {
  const alert = useSyncExternalStore(subscribeAlerts, currentAlert, currentAlert)
  if (!alert) return null
  return (
    <div role="alert" className={`pt-alert pt-tone-${alert.variant === 'error' ? 'error' : 'primary'}`}>
      <p className="pt-text-small">
        <strong>{alert.title}</strong> {alert.message}
      </p>
      <button type="button" className="pt-icon-btn" aria-label="Dismiss alert" onClick={dismissAlert}>
        <Icon name="close" size={16} />
      </button>
    </div>
  )
}
