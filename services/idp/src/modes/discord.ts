/**
 * Discord's OAuth2 (discord.com/developers/docs/topics/oauth2): GET /oauth2/authorize
 * (response_type=code), POST /api/oauth2/token (client credentials in the body or HTTP Basic; errors
 * 400/401 `{error, error_description}`), then GET /api/users/@me: `email` and `verified` only with the
 * email scope.
 */
import type { ModeSpec } from './spec.ts'

export const discord: ModeSpec = {
  provider: 'discord',
  prefix: '/discord',
  authorizePath: '/oauth2/authorize',
  tokenPath: '/api/oauth2/token',
  clientAuth: 'either',
  pkce: 'ignored',
  responseType: true,
  codeTtl: 600,
  tokenAnswer: (accessToken, scope) => ({
    status: 200,
    body: {
      access_token: accessToken,
      token_type: 'Bearer',
      expires_in: 604800,
      refresh_token: `r.${accessToken}`,
      scope,
    },
  }),
  tokenError: (error, description) => ({
    status: error === 'invalid_client' ? 401 : 400,
    body: { error, error_description: description },
  }),
  userApi: {
    '/api/users/@me': (account, scopes) => ({
      status: 200,
      body: {
        id: account.id,
        username: account.username,
        discriminator: '0',
        global_name: account.username,
        avatar: null,
        ...(scopes.includes('email') ? { email: account.email, verified: true } : {}),
      },
    }),
  },
  unauthorized: { status: 401, body: { message: '401: Unauthorized', code: 0 } },
}
