import { PorticoError } from '../errors/base.ts'

/**
 * A request the preview cannot pin down (no sender, no callee, data and input that differ): it is not
 * sent to the API, and the view says the preview is unavailable. Never reaches the app.
 */
export class PreviewRequestError extends PorticoError<'PREVIEW_UNDESCRIBABLE'> {
  override name = 'PreviewRequestError'
  constructor(message: string) {
    super('PREVIEW_UNDESCRIBABLE', message)
  }
}
