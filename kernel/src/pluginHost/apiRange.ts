/**
 * The plugin-API check for the ranges plugins write (`^1.1.0`, `~1.1.0`, `>=1.0.0`, `1.1.0`), without
 * the federation runtime: a manifest read to paint or preload can refuse a remote built for another
 * API before its entry is fetched. Any other range (or a prerelease) is not decided here
 * (undefined): the load decides it with the runtime's full semver (remote.ts assertApiRange).
 */
const PLAIN = /^(\d{1,9})\.(\d{1,9})\.(\d{1,9})$/
const SIMPLE = /^(\^|~|>=|=)?\s*(\d{1,9})\.(\d{1,9})\.(\d{1,9})$/

type Triple = [number, number, number]

const compare = (a: Triple, b: Triple) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]

/** The exclusive upper bound of a caret or tilde range on `base`. */
function upperBound(operator: string, [major, minor, patch]: Triple): Triple | undefined {
  if (operator === '~') return [major, minor + 1, 0]
  if (operator !== '^') return undefined
  if (major > 0) return [major + 1, 0, 0]
  if (minor > 0) return [0, minor + 1, 0]
  return [0, 0, patch + 1]
}

export function simpleSatisfies(version: string, range: string): boolean | undefined {
  const plain = PLAIN.exec(version)
  const simple = SIMPLE.exec(range.trim())
  if (!plain || !simple) return undefined
  const have = plain.slice(1).map(Number) as Triple
  const [, operator = '=', ...parts] = simple
  const base = parts.map(Number) as Triple
  if (operator === '=') return compare(have, base) === 0
  if (compare(have, base) < 0) return false
  const upper = upperBound(operator, base)
  return upper === undefined || compare(have, upper) < 0
}
