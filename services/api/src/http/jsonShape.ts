export interface JsonShapeLimits {
  /** Levels of objects/arrays below the value itself (a flat object is depth 1). */
  maxDepth: number
  /** Objects, arrays, keys and values counted together. */
  maxNodes: number
}

/**
 * Why a parsed JSON value is too deep or too big for its limits, or null if it fits. Walks without
 * recursion, so no nesting can overflow the stack, and stops at the first excess.
 */
export function jsonShapeProblem(value: unknown, limits: JsonShapeLimits): string | null {
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }]
  let nodes = 0
  while (stack.length > 0) {
    const item = stack.pop() as { value: unknown; depth: number }
    nodes++
    if (nodes > limits.maxNodes) return `must hold at most ${limits.maxNodes} values`
    if (item.value === null || typeof item.value !== 'object') continue
    if (item.depth >= limits.maxDepth) return `must be nested at most ${limits.maxDepth} levels deep`
    const children = Array.isArray(item.value) ? item.value : Object.values(item.value)
    nodes += Array.isArray(item.value) ? 0 : children.length
    for (const child of children) stack.push({ value: child, depth: item.depth + 1 })
  }
  return null
}
