import { MESSAGES } from '@portico/shared-types'

/** behaviour §8 error display: string as-is, else first validation issue, else error message, else 'Unknown error'. */
export function errorMessage(error: unknown): string {
  if (typeof error === 'string') return error
  const issues = (error as { issues?: { message?: unknown }[] } | undefined)?.issues
  const issue = issues?.[0]?.message
  if (typeof issue === 'string') return issue
  if (error instanceof Error && error.message) return error.message
  const message = (error as { message?: unknown } | undefined)?.message
  return typeof message === 'string' && message ? message : MESSAGES.unknownError
}
