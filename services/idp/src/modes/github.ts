/**
 * GitHub's OAuth app flow (docs.github.com "Authorizing OAuth apps"): GET /login/oauth/authorize,
 * POST /login/oauth/access_token — form-encoded unless Accept: application/json, and its errors come
 * with status 200 (`bad_verification_code`, `incorrect_client_credentials`, …) — then the REST API:
 * GET /user and GET /user/emails (only with the user:email scope).
 */
import type { ModeSpec } from './spec.ts'

const DOCS =
  'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors'
const ERRORS = {
  invalid_grant: 'bad_verification_code',
  invalid_client: 'incorrect_client_credentials',
  invalid_request: 'redirect_uri_mismatch',
} as const

export const github: ModeSpec = {
  provider: 'github',
  prefix: '/github',
  authorizePath: '/login/oauth/authorize',
  tokenPath: '/login/oauth/access_token',
  clientAuth: 'either',
  pkce: 'checked',
  responseType: false,
  codeTtl: 600,
  tokenAnswer: (accessToken, scope, accept) => ({
    status: 200,
    body: { access_token: accessToken, scope: scope.split(' ').join(','), token_type: 'bearer' },
    type: accept.includes('application/json') ? 'json' : 'form',
  }),
  tokenError: (error, description) => ({
    status: 200,
    body: { error: ERRORS[error], error_description: description, error_uri: DOCS },
  }),
  userApi: {
    '/api/user': (account) => ({
      status: 200,
      body: {
        login: account.username,
        id: Number(account.id),
        type: 'User',
        name: account.username,
        // The public profile email: GitHub sends null when the user keeps it private.
        email: null,
      },
    }),
    '/api/user/emails': (account, scopes) =>
      scopes.includes('user:email') || scopes.includes('user')
        ? {
            status: 200,
            body: [
              { email: account.email, primary: true, verified: true, visibility: 'private' },
              {
                email: `${account.id}+${account.username}@users.noreply.github.com`,
                primary: false,
                verified: true,
                visibility: null,
              },
            ],
          }
        : { status: 404, body: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest' } },
  },
  unauthorized: {
    status: 401,
    body: { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest' },
  },
}
