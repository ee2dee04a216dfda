/**
 * What simulated logs mean for one account: the shared code of @portico/shared-types/preview-simulate
 * (the embedded wallet's frame reads its simulations with the same), under the names the API uses.
 */
export {
  type Effects,
  effectsFor,
  NATIVE_TRANSFER_SOURCE,
  type RawApproval,
  type RawChange,
  type Standard,
  UNLIMITED_FROM,
} from '@portico/shared-types/preview-simulate'
