/** How one OAuth 2 provider speaks: its paths, client authentication, PKCE rule and answer shapes. */
import type { SocialProviderId } from '../providers.ts'

export interface DevAccount {
  /** The provider's numeric user id (decimal). */
  id: string
  email: string
  username: string
}

/** An answer: status, body and its content type (JSON unless said). */
export interface Answer {
  status: number
  body: unknown
  /** 'form': application/x-www-form-urlencoded (GitHub's token answer without Accept: JSON). */
  type?: 'json' | 'form'
}

export interface ModeSpec {
  provider: SocialProviderId
  /** Under the IdP's URL: `/github`, `/discord`, `/x`. */
  prefix: string
  authorizePath: string
  tokenPath: string
  /** Where the token endpoint reads the client's credentials. */
  clientAuth: 'post' | 'basic' | 'either'
  /** required: no code_challenge is an error (X); checked: verified when sent (GitHub); ignored (Discord). */
  pkce: 'required' | 'checked' | 'ignored'
  /** Whether `response_type=code` must be sent (Discord and X: yes; GitHub takes no response_type). */
  responseType: boolean
  /** Code lifetime (seconds): GitHub documents 10 minutes, X 30 seconds. */
  codeTtl: number
  tokenAnswer(accessToken: string, scope: string, accept: string): Answer
  /** A refused token request, in the provider's shape. */
  tokenError(error: 'invalid_grant' | 'invalid_client' | 'invalid_request', description: string): Answer
  /** The user API: path (under the prefix) → answer for the account of a valid token. */
  userApi: Record<string, (account: DevAccount, scopes: string[]) => Answer>
  /** The answer to a user API call without a valid token. */
  unauthorized: Answer
}
