/**
 * X's OAuth 2.0 authorization code flow with PKCE (docs.x.com): GET /i/oauth2/authorize (code_challenge
 * required), POST /2/oauth2/token (a confidential client authenticates with HTTP Basic; the code lives
 * 30 seconds), then GET /2/users/me → `{ data: { id, name, username } }` (no email).
 */
import type { ModeSpec } from './spec.ts'

export const x: ModeSpec = {
  provider: 'x',
  prefix: '/x',
  authorizePath: '/i/oauth2/authorize',
  tokenPath: '/2/oauth2/token',
  clientAuth: 'basic',
  pkce: 'required',
  responseType: true,
  codeTtl: 30,
  tokenAnswer: (accessToken, scope) => ({
    status: 200,
    body: { token_type: 'bearer', expires_in: 7200, access_token: accessToken, scope },
  }),
  tokenError: (error, description) => ({
    status: error === 'invalid_client' ? 401 : 400,
    body: { error, error_description: description },
  }),
  userApi: {
    '/2/users/me': (account) => ({
      status: 200,
      body: { data: { id: account.id, name: account.username, username: account.username } },
    }),
  },
  unauthorized: {
    status: 401,
    body: { title: 'Unauthorized', type: 'about:blank', status: 401, detail: 'Unauthorized' },
  },
}
