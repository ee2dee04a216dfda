/**
 * A brand mark: filled SVG path data in a 24×24 box, in the text colour (a button names it). Apart from
 * SvgIcon (stroked) because that one is first-paint code: a fill variant there would grow the page's
 * first load for a face only the Connect view's methods use.
 */
export function Mark({ path, size = 20 }: { path: string; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="currentColor"
      aria-hidden="true"
      focusable="false"
    >
      <path d={path} />
    </svg>
  )
}
