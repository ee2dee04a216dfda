/**
 * The dev defaults the relay refuses in production (PORTICO_ENV or NODE_ENV=production), all listed
 * in one start-up error (@portico/ops refuseDevDefaults).
 */
import { DEV_PROJECT_ID, type DevDefault } from '@portico/ops'
import type { RelayOptions } from './relay.ts'

export function relayDevDefaults(options: RelayOptions): DevDefault[] {
  const problems: DevDefault[] = []
  if (options.backend === undefined && (options.dataFile === undefined || options.dataFile === ':memory:'))
    problems.push({
      name: 'messages kept in memory only (PORTICO_RELAY_DATA=memory): a restart loses every pending message',
      fix: 'set PORTICO_RELAY_DATA to a SQLite file, or PORTICO_REDIS_URL for a cluster',
    })
  if (options.projectIds === undefined)
    problems.push({
      name: `any project id accepted (the dev project id "${DEV_PROJECT_ID}" too)`,
      fix: 'set PORTICO_PROJECTS to the project ids this relay serves',
    })
  else if (options.projectIds.includes(DEV_PROJECT_ID))
    problems.push({
      name: `the dev project id "${DEV_PROJECT_ID}"`,
      fix: 'set PORTICO_PROJECTS to the project ids this relay serves',
    })
  if (options.logTraffic)
    problems.push({
      name: "traffic logging (PORTICO_RELAY_LOG=traffic): every client's requests and topics in the log",
      fix: 'unset PORTICO_RELAY_LOG or set it to 1',
    })
  return problems
}
