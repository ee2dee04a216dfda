import type { AuthFrameConfig } from '../config.ts'
import { parseOrigin } from '../frame/protocol.ts'

/** Whether `origin` (exactly) may embed the frame for `projectId`. */
export function originAllowed(
  config: AuthFrameConfig,
  projectId: unknown,
  origin: unknown,
): origin is string {
  if (typeof projectId !== 'string' || !Object.hasOwn(config.projects, projectId)) return false
  const parsed = parseOrigin(origin)
  if (!parsed || parsed !== origin) return false
  return config.projects[projectId]?.allowedOrigins.includes(parsed) ?? false
}
