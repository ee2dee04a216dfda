import { DEFAULT_DATA_DIR } from './catalogue.ts'
import type { DirectoryOptions } from './options.ts'

/**
 * What about the wallet directory is dev data, for the production start-up check: the invented
 * fixture wallets (the certified dev wallet among them) must never be shown to real visitors.
 */
export function directoryProductionProblems(
  options: Pick<DirectoryOptions, 'source' | 'dataDir'> & Partial<Pick<DirectoryOptions, 'upstreamUrl'>>,
): string[] {
  const problems: string[] = []
  if (options.source === 'dev')
    problems.push(
      'PORTICO_WALLET_DIRECTORY is dev: the wallet list is the invented fixture directory with the ' +
        'certified dev wallet; import a directory (npm run directory:import -w @portico/api -- <file>) ' +
        'and set PORTICO_WALLET_DIRECTORY=database',
    )
  if (options.source === 'upstream' && options.upstreamUrl?.startsWith('http:'))
    problems.push(
      'PORTICO_WALLET_DIRECTORY_URL is plain http: anyone on the path can change the wallet list; use https',
    )
  if (options.source !== 'dev' && options.dataDir === DEFAULT_DATA_DIR)
    problems.push(
      'PORTICO_WALLET_DATA_DIR is unset: network, currency and token images are the dev fixtures ' +
        `(${DEFAULT_DATA_DIR}); point it at your own images`,
    )
  return problems
}
