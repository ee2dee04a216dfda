/**
 * The local Sign-In-With-Farcaster relay (the shape of connect.farcaster.xyz's /v1/channel API) and its
 * dev approver: the "Warpcast" page a QR code points at, which signs the SIWF message with a dev custody key.
 *   POST /farcaster/v1/channel              { domain, siweUri, nonce, notBefore?, expirationTime?, requestId? }
 *                                           → 201 { channelToken, url, nonce }
 *   GET  /farcaster/v1/channel/status       Authorization: Bearer <channelToken>
 *                                           → 202 { state: 'pending', nonce, url } | 200 { state: 'completed', … }
 *   GET  /farcaster/v1/fid/:fid             the dev ID registry: { fid, custody, username }
 *   GET  /farcaster/approve?channelToken=   the dev approver page; POST approves with a chosen fid
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { createSiweMessage } from 'viem/siwe'
import { escapeHtml, page } from '../html.ts'
import { readFields, sendHtml, sendJson } from '../http.ts'
import type { DevFarcasterAccount } from './accounts.ts'
import { type Channel, type ChannelStore, parseChannelRequest } from './channels.ts'

export interface FarcasterRelayOptions {
  baseUrl: string
  channels: ChannelStore
  accounts: DevFarcasterAccount[]
}

export function approveUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/farcaster/approve?channelToken=${encodeURIComponent(token)}`
}

function bearer(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization
  const match = header ? /^Bearer ([0-9a-f-]{36})$/i.exec(header) : null
  return match?.[1]
}

function approverPage(channel: Channel, accounts: DevFarcasterAccount[], error?: string): string {
  const options = accounts
    .map(
      (account) =>
        `<option value="${account.fid}">@${escapeHtml(account.username)} (fid ${account.fid})</option>`,
    )
    .join('')
  const status =
    channel.state === 'completed'
      ? `<p role="status">Approved: signed in as @${escapeHtml(channel.result?.username ?? '')}</p>`
      : `<form method="post" action="/farcaster/approve">
<input type="hidden" name="channelToken" value="${escapeHtml(channel.token)}">
<label>Account <select name="fid">${options}</select></label>
<button type="submit">Approve</button></form>`
  return page(
    'Sign in with Farcaster',
    `<h1>Sign in with Farcaster</h1>
<p class="note">Portico dev approver (stands in for the Farcaster app).</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<p><strong>${escapeHtml(channel.domain)}</strong> asks you to sign in.</p>
<p class="note">URI: <code>${escapeHtml(channel.siweUri)}</code></p>
${status}`,
  )
}

/** Signs the SIWF message for a channel with a dev account's custody key. */
export async function signForChannel(channel: Channel, account: DevFarcasterAccount) {
  const message = createSiweMessage({
    domain: channel.domain,
    address: account.custody.address,
    statement: 'Farcaster Auth',
    uri: channel.siweUri,
    version: '1',
    chainId: 10,
    nonce: channel.nonce,
    issuedAt: new Date(),
    ...(channel.notBefore ? { notBefore: new Date(channel.notBefore) } : {}),
    ...(channel.expirationTime ? { expirationTime: new Date(channel.expirationTime) } : {}),
    ...(channel.requestId ? { requestId: channel.requestId } : {}),
    resources: [`farcaster://fid/${account.fid}`],
  })
  const signature = await account.custody.signMessage({ message })
  return {
    message,
    signature,
    fid: account.fid,
    username: account.username,
    displayName: account.displayName,
    custody: account.custody.address,
  }
}

/** Handles /farcaster/*; returns false for other paths. */
export async function handleFarcaster(
  options: FarcasterRelayOptions,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const { channels, accounts, baseUrl } = options
  const path = url.pathname
  if (!path.startsWith('/farcaster/')) return false
  if (path === '/farcaster/v1/channel' && req.method === 'POST') {
    const fields = await readFields(req)
    let request: ReturnType<typeof parseChannelRequest>
    try {
      request = parseChannelRequest(fields)
    } catch (error) {
      sendJson(res, 400, { error: (error as Error).message })
      return true
    }
    let channel: Channel
    try {
      channel = channels.create(request)
    } catch (error) {
      sendJson(res, 503, { error: (error as Error).message })
      return true
    }
    sendJson(res, 201, {
      channelToken: channel.token,
      url: approveUrl(baseUrl, channel.token),
      nonce: channel.nonce,
    })
    return true
  }
  if (path === '/farcaster/v1/channel/status' && req.method === 'GET') {
    const channel = channels.get(bearer(req))
    if (!channel) return sendJson(res, 401, { error: 'Unknown or expired channel' })
    if (channel.state === 'pending') {
      sendJson(res, 202, { state: 'pending', nonce: channel.nonce, url: approveUrl(baseUrl, channel.token) })
    } else {
      sendJson(res, 200, { state: 'completed', nonce: channel.nonce, ...channel.result })
    }
    return true
  }
  const fidMatch = /^\/farcaster\/v1\/fid\/(\d{1,12})$/.exec(path)
  if (fidMatch && req.method === 'GET') {
    const account = accounts.find((candidate) => candidate.fid === Number(fidMatch[1]))
    if (!account) return sendJson(res, 404, { error: 'Unknown fid' })
    sendJson(res, 200, { fid: account.fid, custody: account.custody.address, username: account.username })
    return true
  }
  if (path === '/farcaster/approve' && req.method === 'GET') {
    const channel = channels.get(url.searchParams.get('channelToken') ?? undefined)
    if (!channel)
      return sendHtml(res, 404, page('Not found', '<p role="alert">Unknown or expired sign-in request</p>'))
    sendHtml(res, 200, approverPage(channel, accounts))
    return true
  }
  if (path === '/farcaster/approve' && req.method === 'POST') {
    const fields = await readFields(req)
    const wantsJson = (req.headers['content-type'] ?? '').startsWith('application/json')
    const channel = channels.get(fields.channelToken)
    const account =
      fields.fid === undefined
        ? accounts[0]
        : accounts.find((candidate) => String(candidate.fid) === fields.fid)
    const fail = (status: number, message: string): true =>
      wantsJson
        ? sendJson(res, status, { error: message })
        : sendHtml(
            res,
            status,
            channel
              ? approverPage(channel, accounts, message)
              : page('Error', `<p role="alert">${escapeHtml(message)}</p>`),
          )
    if (!channel) return fail(404, 'Unknown or expired sign-in request')
    if (!account) return fail(400, 'Unknown dev account')
    if (channel.state === 'completed') return fail(409, 'The channel is already completed')
    try {
      channels.complete(channel.token, await signForChannel(channel, account))
    } catch (error) {
      return fail(400, (error as Error).message)
    }
    if (wantsJson) sendJson(res, 200, { state: 'completed', fid: account.fid })
    else sendHtml(res, 200, approverPage(channel, accounts))
    return true
  }
  sendJson(res, 404, { error: 'Not found' })
  return true
}
