import { en } from '../../i18n/en.ts'
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
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => actions.toast.success(copiedMessage ?? en.addressCopied),
      () => actions.toast.error(en.copyFailed),
    )
  return (
    <Button icon="copy" variant="ghost" size="sm" onClick={copy}>
      {label}
    </Button>
  )
}
