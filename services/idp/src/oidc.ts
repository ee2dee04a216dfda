/**
 * The OpenID Connect provider (oidc-provider): one confidential client per OpenID provider it plays
 * (google, apple, facebook). Apple's form_post answer mode is oidc-provider's own; its client secret
 * is Apple's signed JWT (appleClient.ts).
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import Provider, { interactionPolicy } from 'oidc-provider'
import { APPLE_CLIENT_ID, appleClientAuth } from './appleClient.ts'
import { devAppleKey } from './devAppleKey.ts'
import { escapeHtml, page } from './html.ts'
import { devClientSecret, OIDC_MODE_PROVIDERS, type SocialProviderId } from './providers.ts'

export interface Account {
  sub: string
  provider: SocialProviderId
  email: string
  username: string
}

/** Signed-in dev accounts by subject (bounded: the oldest is dropped past `max`). */
export class AccountStore {
  private readonly accounts = new Map<string, Account>()
  constructor(private readonly max = 10_000) {}
  put(account: Account): void {
    this.accounts.delete(account.sub)
    this.accounts.set(account.sub, account)
    if (this.accounts.size > this.max) {
      const oldest = this.accounts.keys().next().value
      if (oldest !== undefined) this.accounts.delete(oldest)
    }
  }
  get(sub: string): Account | undefined {
    return this.accounts.get(sub)
  }
}

export interface OidcOptions {
  issuer: string
  /** Where each client may redirect (the auth frame's callback); the same list for every client. */
  redirectUris: string[]
  clientSecretSeed?: string
  accounts: AccountStore
  /** Told why an apple client secret was refused. */
  onAppleSecretRefused?: (reason: string) => void
}

/** The policy: the dev sign-in page shows on every authorization request (pick or type a user each time). */
function devPolicy() {
  const { Check, base } = interactionPolicy
  const policy = base()
  policy
    .get('login')
    ?.checks.add(
      new Check('dev_sign_in', 'the dev sign-in page completes every authorization', (ctx) =>
        ctx.oidc.result?.login ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT,
      ),
    )
  return policy
}

export function createOidcProvider(options: OidcOptions): Provider {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
  const signingKey = {
    ...privateKey.export({ format: 'jwk' }),
    kid: randomBytes(8).toString('hex'),
    alg: 'RS256',
    use: 'sig',
  }
  const provider = new Provider(options.issuer, {
    clients: OIDC_MODE_PROVIDERS.map((id) => ({
      client_id: id,
      // Apple's secret is checked as a JWT; the registered string is one nobody knows.
      client_secret:
        id === APPLE_CLIENT_ID
          ? randomBytes(32).toString('base64url')
          : devClientSecret(id, options.clientSecretSeed),
      redirect_uris: options.redirectUris,
      response_types: ['code'],
      grant_types: ['authorization_code'],
      token_endpoint_auth_method: 'client_secret_post',
      id_token_signed_response_alg: 'RS256',
    })),
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    pkce: { required: () => true },
    scopes: ['openid', 'email', 'profile'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['preferred_username', 'name'] },
    // The ID token itself carries email and username (the relying party reads no userinfo).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}`, policy: devPolicy() },
    ttl: {
      AuthorizationCode: 120,
      Interaction: 600,
      Session: 600,
      Grant: 600,
      IdToken: 300,
      AccessToken: 300,
    },
    renderError: (ctx, out) => {
      ctx.type = 'html'
      ctx.body = page(
        'Sign-in error',
        `<h1>Sign-in error</h1><p role="alert">${escapeHtml(String(out.error_description ?? out.error))}</p>`,
      )
    },
    findAccount: (_ctx, sub) => {
      const account = options.accounts.get(sub)
      if (!account) return undefined
      return {
        accountId: sub,
        claims: () => ({
          sub,
          email: account.email,
          email_verified: true,
          preferred_username: account.username,
          name: account.username,
        }),
      }
    },
  })
  appleClientAuth(provider, {
    key: devAppleKey(options.clientSecretSeed),
    ...(options.onAppleSecretRefused ? { onRefused: options.onAppleSecretRefused } : {}),
  })
  return provider
}
