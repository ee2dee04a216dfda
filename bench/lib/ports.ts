import { portsFromEnv } from '../../scripts/lib/ports.ts'

/** The benches' own ports: apart from `npm start` (4xxx…) and e2e (5xxx…); `PORTICO_*_PORT` override. */
export const BENCH_PORTS = portsFromEnv(process.env, {
  demo: 6173,
  plugins: 6174,
  chainA: 6545,
  chainB: 6546,
  solana: 6899,
  authFrame: 6200,
  idp: 6201,
  bundler: 6337,
  onramp: 6202,
  bitcoin: 20443,
})
