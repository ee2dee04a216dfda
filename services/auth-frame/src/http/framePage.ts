import type { FastifyInstance, FastifyReply } from 'fastify'
import type { AuthFrameConfig } from '../config.ts'
import { frameBundle, type PageScript } from '../frame/bundle.ts'
import { FRAME_TRUSTED_TYPES_POLICY } from '../frame/passkeyLoader.ts'
import { FRAME_CSS, FRAME_CSS_HASH } from '../frame/styles.ts'
import { escapeHtml, htmlHeaders, page } from './html.ts'
import { originAllowed } from './origins.ts'

const NOT_ALLOWED_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

/**
 * GET /frame?projectId&chainId&version&enableLogger&parentOrigin: the frame page, only for an origin
 * on the project's allow-list, and only embeddable by that origin (CSP frame-ancestors). Any other
 * request gets a 403 page without script.
 */
export function framePageRoutes(app: FastifyInstance, config: AuthFrameConfig): void {
  app.get('/frame', async (req, reply) => {
    const q = (req.query ?? {}) as Record<string, unknown>
    if (!originAllowed(config, q.projectId, q.parentOrigin)) {
      return reply
        .code(403)
        .headers(htmlHeaders(NOT_ALLOWED_CSP))
        .send(page('Not allowed', '<p>This site may not embed the wallet frame for this project.</p>'))
    }
    const bundle = await frameBundle()
    const passkey = await frameBundle('passkey')
    const settings = {
      projectId: q.projectId,
      parentOrigin: q.parentOrigin,
      ...(typeof q.chainId === 'string' && q.chainId.length <= 64 ? { chainId: q.chainId } : {}),
      ...(typeof q.version === 'string' && q.version.length <= 32 ? { version: q.version } : {}),
      enableLogger: q.enableLogger === 'true',
      passkeyScript: { src: `/frame-passkey.js?v=${passkey.hash}`, integrity: passkey.integrity },
    }
    const json = JSON.stringify(settings).replace(/</g, '\\u003c')
    const csp = [
      "default-src 'none'",
      "script-src 'self'",
      `style-src '${FRAME_CSS_HASH}'`,
      "connect-src 'self'",
      `frame-ancestors ${q.parentOrigin}`,
      "base-uri 'none'",
      "form-action 'none'",
      // Script URLs only through the frame's one policy, which passes the passkey script's alone.
      "require-trusted-types-for 'script'",
      `trusted-types ${FRAME_TRUSTED_TYPES_POLICY}`,
    ].join('; ')
    return reply
      .headers(htmlHeaders(csp))
      .send(
        page(
          'Portico wallet frame',
          `<style>${FRAME_CSS}</style><script type="application/json" id="portico-frame-config">${json}</script><script src="/frame.js?v=${escapeHtml(bundle.hash)}" integrity="${escapeHtml(bundle.integrity)}"></script>`,
        ),
      )
  })

  app.get('/frame.js', (req, reply) => servePageScript('frame', req.query, reply))
  app.get('/frame-passkey.js', (req, reply) => servePageScript('passkey', req.query, reply))
}

/** A page script, named by its hash in the page: that URL never changes content; any other must revalidate. */
async function servePageScript(script: PageScript, query: unknown, reply: FastifyReply) {
  const bundle = await frameBundle(script)
  const versioned = (query as Record<string, unknown> | undefined)?.v === bundle.hash
  return reply
    .headers({
      'content-type': 'text/javascript; charset=utf-8',
      'x-content-type-options': 'nosniff',
      'cache-control': versioned ? 'public, max-age=31536000, immutable' : 'no-cache',
      'cross-origin-resource-policy': 'same-origin',
    })
    .send(bundle.code)
}
