export function Spinner({ label }: { label: string }) {
  return label ? (
    <span role="status" className="pt-stack pt-align-center pt-gap-s">
      <span className="pt-spinner" aria-hidden="true" />
      <span className="pt-visually-hidden">{label}</span>
    </span>
  ) : (
    <span className="pt-spinner" aria-hidden="true" />
  )
}
