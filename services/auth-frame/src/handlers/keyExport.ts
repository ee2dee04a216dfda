import bs58 from 'bs58'
import { openEvmPrivateKey, openSolanaKeypair } from '../crypto/userKeys.ts'
import { allowEmailSend } from '../email/allowed.ts'
import { checkOtp } from '../email/otp.ts'
import { parseOtp } from '../email/validate.ts'
import { FrameError } from '../errors.ts'
import { requireSession } from '../users.ts'
import { sendLoginCode } from './emailLogin.ts'
import { newFlow } from './flows.ts'
import type { HandlerMap } from './types.ts'

const FLOW_TTL_MS = 10 * 60_000
export const EXPORT_NEEDS_EMAIL = 'Key export needs an email address on the account'
export const NO_PENDING_EXPORT = 'No key export in progress: ask for a new code'

/**
 * The user's own keys, to take the wallet elsewhere (no lock-in). Only the frame's own export view calls
 * these (backend-only types: never accepted from the page), and the keys it gets are shown in the frame's
 * document only, never posted to the page. A fresh code mailed to the account's address is required each
 * time, so a session alone (a device left open) does not give the keys away.
 */
export const keyExportHandlers: HandlerMap = {
  async EXPORT_KEY_START(svc, ctx) {
    const { user } = await requireSession(svc, ctx)
    if (!user.email) throw new FrameError(EXPORT_NEEDS_EMAIL)
    await allowEmailSend(svc, user.email, ctx.ip)
    await svc.store.deleteFlowsOf(ctx.deviceHash, 'export')
    const flow = newFlow(
      svc,
      ctx,
      { kind: 'export', email: user.email, user_id: user.id, step: 'otp' },
      FLOW_TTL_MS,
    )
    await svc.store.insertFlow(flow, svc.now())
    await sendLoginCode(svc, flow)
    return { result: { email: user.email } }
  },

  async EXPORT_KEY(svc, ctx, payload) {
    const otp = parseOtp(payload.otp)
    const { user } = await requireSession(svc, ctx)
    const flow = await svc.store.latestFlow(ctx.deviceHash, 'export', svc.now())
    if (!flow || flow.user_id !== user.id || flow.step !== 'otp') throw new FrameError(NO_PENDING_EXPORT)
    await checkOtp(svc, flow, otp)
    await svc.store.deleteFlow(flow.id)
    const [evm, solana] = await Promise.all([
      svc.store.userKey(user.id, 'eip155'),
      svc.store.userKey(user.id, 'solana'),
    ])
    return {
      result: {
        ...(evm && {
          eip155: { address: evm.address, privateKey: openEvmPrivateKey(svc.vault, user.id, evm.sealed_key) },
        }),
        // Base58 of the 64-byte secret key (seed and public key), the form Solana wallets import.
        ...(solana && {
          solana: {
            address: solana.address,
            secretKey: bs58.encode(openSolanaKeypair(svc.vault, user.id, solana.sealed_key).secretKey),
          },
        }),
      },
    }
  },
}
