import { useI18n } from '../../i18n/useI18n.ts'
import { useKernelState } from '../context.tsx'
import { Icon } from '../primitives/Icon.tsx'

const ICONS = { success: 'check', error: 'warning', loading: 'clock', svg: 'check' } as const

export function Toasts() {
  const toast = useKernelState((state) => state.toasts.current)
  const i18n = useI18n()
  return (
    <div className="pt-toasts" role="status" aria-live="polite" aria-label={i18n.t('notifications')}>
      {toast ? (
        <div key={toast.id} className={`pt-toast pt-tone-${toast.variant === 'error' ? 'error' : 'primary'}`}>
          {toast.variant === 'svg' && toast.svg ? (
            <img
              alt=""
              width={16}
              height={16}
              src={`data:image/svg+xml;utf8,${encodeURIComponent(toast.svg)}`}
            />
          ) : (
            <Icon name={ICONS[toast.variant]} size={16} />
          )}
          <span>{i18n.translateMessage(toast.message)}</span>
        </div>
      ) : null}
    </div>
  )
}
