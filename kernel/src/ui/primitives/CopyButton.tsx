import { useI18n } from '../../i18n/useI18n.ts'
import { useKernel } from '../context.tsx'
import { Button } from './Button.tsx'

export function CopyButton({
  value,
  label,
  copiedMessage,
}: {
  value: string
  label: string
  copiedMessage?: string
}) {
  const { actions } = useKernel()
  const i18n = useI18n()
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => actions.toast.success(copiedMessage ?? i18n.t('addressCopied')),
      () => actions.toast.error(i18n.t('copyFailed')),
    )
  return (
    <Button icon="copy" variant="ghost" size="sm" onClick={copy}>
      {label}
    </Button>
  )
}
