/**
 * A 24×24 stroke icon from its path (icons.ts, shellIcons.ts). `mirror`: it points along the reading
 * direction (back, forward), so a right-to-left modal flips it (styles.ts).
 */
export function SvgIcon({ path, size = 20, mirror }: { path: string; size?: number; mirror?: boolean }) {
  return (
    <svg
      data-mirror={mirror ? '' : undefined}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} />
    </svg>
  )
}
