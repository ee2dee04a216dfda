/** Candidate names for a wanted label (behaviour §3 name suggestion): the label itself, then variants. */
const VARIANTS: ((label: string) => string)[] = [
  (label) => label,
  (label) => `${label}1`,
  (label) => `${label}-id`,
  (label) => `my-${label}`,
  (label) => `${label}2`,
  (label) => `the-${label}`,
]
const LABEL_MAX = 63

/** Full names in `zone`, the wanted one first; variants longer than a DNS label are left out. */
export function candidateNames(label: string, zone: string): string[] {
  const names = VARIANTS.map((variant) => variant(label)).filter((l) => l.length <= LABEL_MAX)
  return [...new Set(names)].map((l) => `${l}.${zone}`)
}

/** At most this many suggestions besides the wanted name. */
export const MAX_ALTERNATIVES = 4

/** The wanted name (registered or not), then free variants only. */
export function suggestions(
  candidates: string[],
  taken: ReadonlySet<string>,
): { name: string; registered: boolean }[] {
  const [wanted, ...rest] = candidates
  if (!wanted) return []
  const free = rest.filter((name) => !taken.has(name)).slice(0, MAX_ALTERNATIVES)
  return [
    { name: wanted, registered: taken.has(wanted) },
    ...free.map((name) => ({ name, registered: false })),
  ]
}
