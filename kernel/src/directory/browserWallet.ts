import type { Connector } from '@portico/shared-types'

/** A wallet in the visitor's browser (an extension, announced or legacy injected). */
export const isBrowserWallet = (connector: Pick<Connector, 'type'>) =>
  connector.type === 'INJECTED' || connector.type === 'ANNOUNCED'
