import { useEffect, useState } from 'react'
import { loadPreview, type PreviewOutcome } from '../../../preview/load.ts'
import type { RequestSnapshot } from '../../../preview/snapshot.ts'
import { useKernel } from '../../context.tsx'

/**
 * The preview of the request the view shows, loaded once per request (undefined while it loads). Chain
 * and sender come from the connection the pipeline forwards to; the API from the app's options.
 */
export function usePreviewOutcome(snapshot: RequestSnapshot): PreviewOutcome | undefined {
  const { kernel } = useKernel()
  const [outcome, setOutcome] = useState<{ for: RequestSnapshot; outcome: PreviewOutcome }>()
  useEffect(() => {
    const state = kernel.store.get()
    const { apiUrl, projectId } = state.options
    const account = state.accounts.eip155
    const chainId = Number(state.networks.byNamespace.eip155?.caipNetwork?.id)
    const controller = new AbortController()
    const show = (result: PreviewOutcome) => {
      if (!controller.signal.aborted) setOutcome({ for: snapshot, outcome: result })
    }
    if (!apiUrl || account?.status !== 'connected' || !account.address || !Number.isSafeInteger(chainId))
      show({ kind: 'unavailable', reason: 'request' })
    else
      void loadPreview({ apiUrl, projectId, signal: controller.signal, log: kernel.log }, snapshot, {
        chainId,
        account: account.address,
      }).then(show)
    return () => controller.abort()
  }, [kernel, snapshot])
  return outcome?.for === snapshot ? outcome.outcome : undefined
}
