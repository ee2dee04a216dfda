/**
 * The chain helpers' errors. Plugins get the helpers across the federation line, where classes do not
 * match, so the contract (shared-types chainHelpers.ts) promises only `name` and `code`; the classes
 * keep them on the kernel's one error base.
 */
import type {
  BitcoinPsbtError as BitcoinPsbtErrorShape,
  UnitsError as UnitsErrorShape,
} from '@portico/shared-types/plugin'
import { PorticoError } from '../../errors/base.ts'

export class UnitsError extends PorticoError<UnitsErrorShape['code']> implements UnitsErrorShape {
  override name = 'UnitsError' as const
}

export class BitcoinPsbtError
  extends PorticoError<BitcoinPsbtErrorShape['code']>
  implements BitcoinPsbtErrorShape
{
  override name = 'BitcoinPsbtError' as const
}
