import { useState } from 'react'
import type { WalletChoice } from '../../directory/directoryLists.ts'
import { namespaceBadges } from '../../directory/walletFaces.ts'
import { useI18n } from '../../i18n/useI18n.ts'
import { useKernel } from '../context.tsx'
import { ICON_PATHS } from '../primitives/icons.ts'
import { ListRow } from '../primitives/ListRow.tsx'
import { nameAvatarBackground } from '../primitives/nameAvatar.ts'

/**
 * One wallet of the Connect view: its namespaces as badges. A wallet offering one namespace connects it
 * when chosen; one offering several opens the list of its namespaces below it, and the chosen one
 * connects (each namespace is its own connector, connected on its own).
 */
export function WalletRow({ choice, tag }: { choice: WalletChoice; tag?: string }) {
  const i18n = useI18n()
  const { actions } = useKernel()
  const [open, setOpen] = useState(false)
  const faces = choice.faces ?? []
  const several = faces.length > 1
  const picture = choice.imageUrl
    ? { imageUrl: choice.imageUrl }
    : choice.installed
      ? { iconPath: ICON_PATHS.wallet }
      : { avatarBackground: nameAvatarBackground(choice.name) }
  return (
    <li>
      <ListRow
        label={choice.name}
        badges={namespaceBadges(faces.map((face) => face.chain)).map((chain) =>
          i18n.t(`namespaces.${chain}`),
        )}
        {...picture}
        {...(several ? { expanded: open } : {})}
        {...(tag ? { trailing: <span className="pt-tag">{tag}</span> } : {})}
        onClick={() => (several ? setOpen(!open) : actions.push(choice.target.view, choice.target.params))}
      />
      {several && open ? (
        <ul className="pt-list pt-faces" aria-label={i18n.t('walletNamespaces', { wallet: choice.name })}>
          {faces.map((face) => (
            <li key={face.connectorId}>
              <ListRow
                label={i18n.t(`namespaces.${face.chain}`)}
                onClick={() => actions.push('ConnectingExternal', { connectorId: face.connectorId })}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  )
}
