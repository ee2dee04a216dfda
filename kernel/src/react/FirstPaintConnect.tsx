import { namespaceBadges } from '../directory/walletFaces.ts'
import { ListRow } from '../ui/primitives/ListRow.tsx'
import { SHELL_ICON_PATHS } from '../ui/primitives/shellIcons.ts'
import { FIRST_PAINT_STRINGS as S } from './firstPaintStrings.ts'
import type { FirstPaintConnectView } from './firstPaintView.ts'

/**
 * The Connect view of an open's first paint, in the kernel's markup (ui/views/ConnectView.tsx) so the
 * kernel's render of it changes nothing on screen. A press waits for the kernel (`onPress` notes it).
 */
export function FirstPaintConnect({
  view,
  onPress,
}: {
  view: FirstPaintConnectView
  onPress: (control: Element) => void
}) {
  const tag = (text: string) => <span className="pt-tag">{text}</span>
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: the rows are buttons; this only notes which one was pressed (Enter and Space click them too)
    <div
      className="pt-stack pt-gap-m"
      // The kernel is on its way: what this view offers is not all there yet.
      aria-busy
      // Marks the page-drawn view until the kernel renders its own in its place (the layout e2e waits
      // for that before measuring boxes).
      data-first-paint=""
      onClick={(event) => {
        const control = (event.target as Element).closest('button')
        if (control) onPress(control)
      }}
    >
      <ul className="pt-list" aria-label={S.walletList}>
        {view.wallets.map((wallet) => (
          <li key={wallet.id}>
            <ListRow
              label={wallet.name}
              badges={namespaceBadges(wallet.namespaces).map((namespace) => S.namespaces[namespace])}
              {...(wallet.icon ? { imageUrl: wallet.icon } : { iconPath: SHELL_ICON_PATHS.wallet })}
              {...(wallet.namespaces.length > 1 ? { expanded: false } : {})}
              trailing={tag(S.installed)}
            />
          </li>
        ))}
        {view.walletConnect ? (
          <li>
            <ListRow
              label={S.walletConnect}
              iconPath={SHELL_ICON_PATHS.qrCode}
              trailing={tag(S.walletConnectTag)}
            />
          </li>
        ) : null}
      </ul>
    </div>
  )
}
