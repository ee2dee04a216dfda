export { type MetricsAccess, type MetricsDecision, metricsDecision, metricsTokenFromEnv } from './access.ts'
export { DEV_APPLE_TEAM_ID, type DevAppleKey, deriveDevAppleKey } from './devAppleKey.ts'
export { type FastifyObservability, fastifyRequestIds, observeFastify } from './fastify.ts'
export {
  createServiceLog,
  LOG_LEVELS,
  type LogFields,
  type LogLevel,
  lineLog,
  logLevelFromEnv,
  type ServiceLog,
  type ServiceLogOptions,
} from './log.ts'
export {
  createServiceMetrics,
  type GaugeReading,
  type HttpObservation,
  MAX_ROUTES,
  type ServiceMetrics,
  UNMATCHED_ROUTE,
} from './metrics.ts'
export { type NodeHttpObservability, observeNodeRequest } from './nodeHttp.ts'
export {
  allOrigins,
  DEV_PROJECT_ID,
  devStackProjects,
  isLoopbackOrigin,
  originListDevDefault,
  type ProjectOrigins,
  parseOrigin,
  parseOriginList,
  projectsDevDefaults,
  projectsFromEnv,
  withExtraOrigins,
} from './origins.ts'
export {
  collectDevDefaults,
  type DevDefault,
  DevDefaultsRefused,
  isProduction,
  refusalOf,
  refuseDevDefaults,
} from './production.ts'
export { parsePrometheusText, type Sample, samplesOf } from './prometheusText.ts'
export { rpcAnswers, tcpReachable } from './reachable.ts'
export { type ReadyChecks, type ReadyReport, runReadyChecks } from './ready.ts'
export { REQUEST_ID_HEADER, requestIdOf } from './requestId.ts'
export { exitOnStopSignals } from './signals.ts'
