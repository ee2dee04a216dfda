import type { PluginDefinition } from '@portico/shared-types/plugin'
import { InvalidPluginError } from './errors.ts'

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** React accepts functions and the objects memo(), forwardRef() and lazy() make. */
const isComponent = (value: unknown) => typeof value === 'function' || isRecord(value)

function viewProblem(name: string, view: unknown): string | undefined {
  if (!isRecord(view)) return `view "${name}" is not an object`
  if (!isComponent(view.component)) return `view "${name}" has no component`
  if (typeof view.title !== 'string') return `view "${name}" has no title`
  return undefined
}

function shapeProblem(candidate: Record<string, unknown>): string | undefined {
  if (typeof candidate.api !== 'string') return 'it declares no api range'
  if (candidate.views !== undefined) {
    if (!isRecord(candidate.views)) return 'its views are not an object'
    for (const [name, view] of Object.entries(candidate.views)) {
      const problem = viewProblem(name, view)
      if (problem) return problem
    }
  }
  if (candidate.contributes !== undefined) {
    if (!isRecord(candidate.contributes)) return 'its contributions are not an object'
    for (const [point, items] of Object.entries(candidate.contributes)) {
      if (items !== undefined && !Array.isArray(items)) return `contributes.${point} is not a list`
    }
  }
  if (candidate.setup !== undefined && typeof candidate.setup !== 'function')
    return 'its setup is not a function'
  return undefined
}

/**
 * The one check of what a plugin hands the kernel, whether the app bundled it or a remote exported it:
 * the plugin id it was configured under and the contract's shape, before its setup or views run. The api
 * range is checked next by the host, the same way for both.
 */
export function checkDefinition(expectedId: string, value: unknown): PluginDefinition {
  if (!isRecord(value)) throw new InvalidPluginError('it does not export a plugin definition')
  if (value.id !== expectedId)
    throw new InvalidPluginError(`it declares id "${String(value.id).slice(0, 100)}", not "${expectedId}"`)
  const problem = shapeProblem(value)
  if (problem) throw new InvalidPluginError(problem)
  return value as unknown as PluginDefinition
}
