import { join } from 'node:path'
import type { Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { type ApiConfigInput, type ApiServer, startApi } from '../src/index.ts'
import { formatSiwxMessage, type SiwxMessageFields } from '../src/siwx/message.ts'
import { freePort, getJson, PROJECT, postJson, tempDir } from './helpers.ts'

export const ORIGIN = 'http://localhost:5173'

/** An API whose EVM chain is unreachable: EOA signatures are checked offline. */
export async function startSiwxApi(extra: ApiConfigInput = {}) {
  const dir = tempDir('portico-api-siwx-')
  const api: ApiServer = await startApi({
    port: 0,
    chains: [{ chainId: 31337, rpcUrl: `http://127.0.0.1:${await freePort()}` }],
    database: { kind: 'sqlite', file: join(dir.dir, 'api.sqlite') },
    projectIds: [PROJECT, 'other-project'],
    indexer: { enabled: false },
    logLevel: 'silent',
    ...extra,
  })
  return {
    api,
    close: async () => {
      await api.close()
      dir.remove()
    },
  }
}

export async function fetchNonce(api: ApiServer, project = PROJECT): Promise<string> {
  const res = await getJson<{ nonce: string }>(`${api.url}/v1/siwx/nonce?projectId=${project}`)
  if (res.status !== 200) throw new Error(`nonce: ${res.status}`)
  return res.body.nonce
}

export function fieldsFor(
  address: string,
  nonce: string,
  over: Partial<SiwxMessageFields> = {},
): SiwxMessageFields {
  const now = Date.now()
  return {
    namespace: 'eip155',
    domain: new URL(ORIGIN).host,
    accountAddress: address,
    statement: 'Sign in to the Portico demo',
    uri: `${ORIGIN}/`,
    version: '1',
    chainId: '31337',
    nonce,
    issuedAt: new Date(now).toISOString(),
    expirationTime: new Date(now + 3_600_000).toISOString(),
    ...over,
  }
}

/** A fresh key, a nonce from the API and the key's signature of the message built from `over`. */
export async function signedMessage(
  api: ApiServer,
  over: Partial<SiwxMessageFields> = {},
  key: Hex = generatePrivateKey(),
) {
  const account = privateKeyToAccount(key)
  const message = formatSiwxMessage(fieldsFor(account.address, await fetchNonce(api), over))
  return { account, message, signature: await account.signMessage({ message }) }
}

export const verify = (api: ApiServer, body: unknown, project = PROJECT) =>
  postJson<Record<string, unknown> & { message?: string }>(
    `${api.url}/v1/siwx/verify?projectId=${project}`,
    body,
  )
