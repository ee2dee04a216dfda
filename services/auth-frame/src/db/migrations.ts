import type { Migration } from '@portico/api'

/** Append only: an applied migration is never edited. Statements valid in SQLite and PostgreSQL. */
export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'users, keys, devices, sessions, one-time codes, login flows, mailbox, email sends',
    statements: [
      `CREATE TABLE users (
        id TEXT PRIMARY KEY,
        email TEXT UNIQUE,
        social_provider TEXT,
        social_subject TEXT,
        user_name TEXT,
        preferred_account_type TEXT,
        created_at BIGINT NOT NULL
      )`,
      'CREATE UNIQUE INDEX users_by_social ON users (social_provider, social_subject)',
      `CREATE TABLE user_keys (
        user_id TEXT NOT NULL,
        namespace TEXT NOT NULL,
        address TEXT NOT NULL,
        sealed_key TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        PRIMARY KEY (user_id, namespace)
      )`,
      `CREATE TABLE devices (
        user_id TEXT NOT NULL,
        device_hash TEXT NOT NULL,
        verified_at BIGINT NOT NULL,
        PRIMARY KEY (user_id, device_hash)
      )`,
      `CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        device_hash TEXT NOT NULL,
        project_id TEXT NOT NULL,
        chain_id TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        revoked_at BIGINT
      )`,
      'CREATE INDEX sessions_by_user ON sessions (user_id)',
      `CREATE TABLE flows (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        device_hash TEXT NOT NULL,
        project_id TEXT NOT NULL,
        email TEXT NOT NULL,
        new_email TEXT,
        user_id TEXT,
        step TEXT NOT NULL,
        link_mac TEXT,
        code_mac TEXT,
        attempts INTEGER NOT NULL DEFAULT 0,
        code_expires_at BIGINT,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL
      )`,
      'CREATE INDEX flows_by_device ON flows (device_hash, kind, created_at)',
      `CREATE TABLE mailbox (
        id TEXT PRIMARY KEY,
        to_address TEXT NOT NULL,
        subject TEXT NOT NULL,
        body TEXT NOT NULL,
        created_at BIGINT NOT NULL
      )`,
      'CREATE INDEX mailbox_by_to ON mailbox (to_address, created_at)',
      `CREATE TABLE email_sends (
        email TEXT NOT NULL,
        ip TEXT NOT NULL,
        created_at BIGINT NOT NULL
      )`,
      'CREATE INDEX email_sends_by_email ON email_sends (email, created_at)',
      'CREATE INDEX email_sends_by_ip ON email_sends (ip, created_at)',
    ],
  },
  {
    version: 2,
    name: 'one-time approvals of unsafe requests',
    statements: [
      `CREATE TABLE approvals (
        id_hash TEXT PRIMARY KEY,
        session_hash TEXT NOT NULL,
        request_hash TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        used_at BIGINT
      )`,
      'CREATE INDEX approvals_by_expiry ON approvals (expires_at)',
    ],
  },
  {
    version: 3,
    name: 'the server key that sealed each user key (key rotation)',
    statements: [
      // NULL: sealed before key ids (`v1`), under whichever known key opens it.
      'ALTER TABLE user_keys ADD COLUMN key_id TEXT',
      'CREATE INDEX user_keys_by_key_id ON user_keys (key_id)',
    ],
  },
  {
    version: 4,
    name: 'passkeys and their single-use WebAuthn challenges',
    statements: [
      // credential_id and public_key are base64url; counter is the authenticator's signature counter.
      `CREATE TABLE passkeys (
        credential_id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL,
        public_key TEXT NOT NULL,
        counter BIGINT NOT NULL,
        transports TEXT,
        created_at BIGINT NOT NULL,
        last_used_at BIGINT
      )`,
      'CREATE INDEX passkeys_by_user ON passkeys (user_id)',
      // Kept after use until pruned: the rows also count ceremonies per IP and per account.
      `CREATE TABLE passkey_challenges (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        device_hash TEXT NOT NULL,
        project_id TEXT NOT NULL,
        user_id TEXT,
        challenge TEXT NOT NULL,
        ip TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        expires_at BIGINT NOT NULL,
        used_at BIGINT
      )`,
      'CREATE INDEX passkey_challenges_by_device ON passkey_challenges (device_hash, kind, created_at)',
      'CREATE INDEX passkey_challenges_by_ip ON passkey_challenges (ip, created_at)',
      'CREATE INDEX passkey_challenges_by_user ON passkey_challenges (user_id, created_at)',
    ],
  },
]
