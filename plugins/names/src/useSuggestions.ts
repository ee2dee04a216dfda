import { DEFAULT_DEBOUNCE_MS } from '@portico/shared-types'
import type { NameSuggestionsResponse } from '@portico/shared-types/api'
import type { PluginContext } from '@portico/shared-types/plugin'
import { useEffect, useState } from 'react'
import { isValidLabel, isValidName, messageOf } from './names.ts'

export type SuggestionsResult =
  | { status: 'idle' }
  | { status: 'loading'; label: string }
  | { status: 'done'; label: string; suggestions: NameSuggestionsResponse['suggestions'] }
  | { status: 'failed'; label: string; message: string }

/** Suggestions for a valid label, asked behaviour §9's debounce after the last keystroke; stale answers dropped. */
export function useSuggestions(ctx: PluginContext, label: string, debounceMs = DEFAULT_DEBOUNCE_MS) {
  const [result, setResult] = useState<SuggestionsResult>({ status: 'idle' })
  useEffect(() => {
    const api = ctx.services.api
    if (!api || !isValidLabel(label)) {
      setResult({ status: 'idle' })
      return
    }
    let current = true
    setResult({ status: 'loading', label })
    const timer = setTimeout(() => {
      api.profileSuggestions(label).then(
        // Only names the rules allow are offered: an answer is never trusted to be one.
        ({ suggestions }) =>
          current &&
          setResult({
            status: 'done',
            label,
            suggestions: suggestions.filter((s) => isValidName(s.name)).slice(0, 10),
          }),
        (error: unknown) => current && setResult({ status: 'failed', label, message: messageOf(error) }),
      )
    }, debounceMs)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [ctx, label, debounceMs])
  return result
}
