/** On-ramp answers as plugins get them (behaviour §7): the URL a plugin opens must be a web page. */
import * as v from 'valibot'
import { isSafeWebUrl } from '../safeWebUrl.ts'
import { OnrampUrlSchema as OnrampUrlShape } from './schemas.ts'

export const OnrampUrlSchema = v.pipe(
  OnrampUrlShape,
  v.check(({ url }) => isSafeWebUrl(url), 'Expected an https URL'),
)
