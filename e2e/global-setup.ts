import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { DEV_ACCOUNTS, SOLANA_DEV_ACCOUNTS } from '@portico/devnet'
import {
  BITCOIN_NETWORK_NAME,
  SOLANA_NETWORK_NAME,
  type Stack,
  type StackOptions,
  startStack,
} from '../scripts/lib/stack.ts'
import type { StackTlsOptions } from '../scripts/lib/stackTls.ts'
import { consumerOrigins } from './consumers/variants.ts'
import {
  E2E_API_PORT,
  E2E_PORTS,
  E2E_RELAY_PORT,
  type StackChain,
  type StackInfo,
  TMP_DIR,
} from './stackInfo.ts'

declare global {
  var __porticoE2eStack: Stack | undefined
}

/** Starts two anvil chains, the demo server and the plugins server once for the whole run. */
export default async function globalSetup(): Promise<void> {
  await startE2eStack(TMP_DIR)
}

/**
 * Starts the stack (behind nginx with TLS when `tls` is given; the services from their builds with
 * `services: 'built'`) and writes its stack.json into `tmpDir`, with the run's databases beside it.
 */
export async function startE2eStack(
  tmpDir: string,
  tls?: StackTlsOptions,
  services: StackOptions['services'] = 'in-process',
): Promise<Stack> {
  // The blockchain API indexes this run's fresh chains into a fresh database.
  const apiDatabase = path.join(tmpDir, 'api', 'api.sqlite')
  rmSync(path.dirname(apiDatabase), { recursive: true, force: true })
  rmSync(path.join(tmpDir, 'auth-frame'), { recursive: true, force: true })
  // The consumer apps (e2e/consumers) are apps of the dev project too: email login from their origins.
  if (!tls) {
    process.env.PORTICO_APP_ORIGINS = [process.env.PORTICO_APP_ORIGINS, ...consumerOrigins()]
      .filter(Boolean)
      .join(',')
  }
  const stack = await startStack({
    ports: E2E_PORTS,
    devWalletOnPage: false,
    // The demo's test build (query overrides on); the default build is at /default/.
    demoBuild: 'test',
    // PTT, USDC, JUNK and the spam NFT, minted to accounts 0–4 (services/devnet README).
    fixtures: true,
    relayPort: E2E_RELAY_PORT,
    api: { port: E2E_API_PORT, sqliteFile: apiDatabase },
    authFrame: { sqliteFile: path.join(tmpDir, 'auth-frame', 'auth-frame.sqlite') },
    ...(tls ? { tls } : {}),
    services,
    servicesDir: path.join(tmpDir, 'services'),
  })
  globalThis.__porticoE2eStack = stack
  const info: StackInfo = {
    demoUrl: stack.demoUrl,
    vanillaUrl: stack.vanillaUrl,
    pluginsUrl: stack.pluginsUrl,
    pluginBaseUrl: stack.pluginBaseUrl,
    relayUrl: stack.relayUrl,
    apiUrl: stack.apiUrl,
    authFrameUrl: stack.authFrame.frameUrl,
    mailboxUrl: stack.authFrame.mailboxUrl ?? '',
    fixtures: stack.devnet.fixtures ?? {},
    chains: (stack.demoEnvironment as { chains: StackChain[] }).chains,
    accounts: DEV_ACCOUNTS.map((account, index) => ({
      address: account.address,
      walletConfig: stack.devWalletConfig(index),
    })),
    solana: {
      networkId: stack.devnet.solana?.networkId ?? 'solana:PorticoDevnet1111111111111111111',
      rpcUrl: stack.devnet.solana?.rpcUrl ?? '',
      name: SOLANA_NETWORK_NAME,
      accounts: SOLANA_DEV_ACCOUNTS.map((account, index) => ({
        address: account.publicKey,
        walletConfig: stack.devWalletConfig(index, { solana: true }),
      })),
    },
    ...(stack.devnet.bitcoin
      ? {
          bitcoin: {
            networkId: stack.devnet.bitcoin.networkId,
            name: BITCOIN_NETWORK_NAME,
            nodeUrl: stack.devnet.bitcoin.url,
            apiKey: stack.devnet.bitcoin.apiKey,
            accounts: stack.devnet.bitcoin.accounts.map((account, index) => ({
              address: account.address,
              walletConfig: stack.devWalletConfig(index, { bitcoin: true }),
            })),
            ordinalsAddress: stack.devnet.bitcoin.taprootAccount.address,
          },
        }
      : {}),
    devWalletBundle: stack.devWalletBundle,
    ...(stack.tls && tls
      ? {
          tls: {
            caCert: stack.tls.files.caCert,
            spkiHash: stack.tls.files.spkiHash,
            ports: tls.ports,
            nginxConfig: stack.tls.nginx.configFile,
          },
        }
      : {}),
  }
  mkdirSync(tmpDir, { recursive: true })
  writeFileSync(path.join(tmpDir, 'stack.json'), JSON.stringify(info, null, 2))
  return stack
}
