import type { SqlDriver } from './driver.ts'

export interface Migration {
  version: number
  name: string
  /** Statements valid in both SQLite and PostgreSQL. */
  statements: string[]
}

/** Append only: an applied migration is never edited, a change is a new version. */
export const MIGRATIONS: Migration[] = [
  {
    version: 1,
    name: 'tokens, prices, names, sessions',
    statements: [
      `CREATE TABLE tokens (
        chain_id BIGINT NOT NULL,
        address TEXT NOT NULL,
        kind TEXT NOT NULL,
        name TEXT,
        symbol TEXT,
        decimals INTEGER,
        icon_url TEXT,
        listed INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (chain_id, address)
      )`,
      `CREATE TABLE prices (
        symbol TEXT NOT NULL,
        currency TEXT NOT NULL,
        price DOUBLE PRECISION NOT NULL,
        updated_at BIGINT NOT NULL,
        PRIMARY KEY (symbol, currency)
      )`,
      `CREATE TABLE names (
        name TEXT PRIMARY KEY,
        address TEXT NOT NULL,
        avatar TEXT,
        attributes TEXT NOT NULL DEFAULT '{}',
        created_at BIGINT NOT NULL
      )`,
      'CREATE INDEX names_by_address ON names (address, created_at)',
      `CREATE TABLE sessions (
        pci TEXT PRIMARY KEY,
        address TEXT NOT NULL,
        project_id TEXT NOT NULL,
        permission TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        expiry BIGINT,
        revoked_at BIGINT
      )`,
      'CREATE INDEX sessions_by_address ON sessions (address, created_at)',
    ],
  },
  {
    version: 2,
    name: 'history index',
    statements: [
      `CREATE TABLE spam_contracts (
        chain_id BIGINT NOT NULL,
        address TEXT NOT NULL,
        PRIMARY KEY (chain_id, address)
      )`,
      `CREATE TABLE chain_cursors (
        chain_id BIGINT PRIMARY KEY,
        block_number BIGINT NOT NULL,
        block_hash TEXT NOT NULL,
        genesis_hash TEXT NOT NULL,
        updated_at BIGINT NOT NULL
      )`,
      `CREATE TABLE transfers (
        chain_id BIGINT NOT NULL,
        tx_hash TEXT NOT NULL,
        log_index INTEGER NOT NULL,
        block_number BIGINT NOT NULL,
        block_hash TEXT NOT NULL,
        tx_index INTEGER NOT NULL,
        mined_at BIGINT NOT NULL,
        kind TEXT NOT NULL,
        contract TEXT,
        from_addr TEXT NOT NULL,
        to_addr TEXT NOT NULL,
        amount TEXT NOT NULL,
        token_id TEXT,
        tx_from TEXT NOT NULL,
        tx_to TEXT,
        nonce BIGINT NOT NULL,
        status TEXT NOT NULL,
        PRIMARY KEY (chain_id, tx_hash, log_index)
      )`,
      'CREATE INDEX transfers_by_block ON transfers (chain_id, block_number)',
      `CREATE TABLE account_txs (
        address TEXT NOT NULL,
        chain_id BIGINT NOT NULL,
        tx_hash TEXT NOT NULL,
        mined_at BIGINT NOT NULL,
        block_number BIGINT NOT NULL,
        tx_index INTEGER NOT NULL,
        PRIMARY KEY (address, chain_id, tx_hash)
      )`,
      'CREATE INDEX account_txs_by_time ON account_txs (address, mined_at, chain_id, block_number, tx_index)',
      'CREATE INDEX account_txs_by_block ON account_txs (chain_id, block_number)',
    ],
  },
  {
    version: 3,
    name: 'prices by chain and contract',
    statements: [
      // Prices keyed by symbol let any contract calling itself ETH inherit ETH's price.
      'DROP TABLE prices',
      `CREATE TABLE token_prices (
        chain_id BIGINT NOT NULL,
        address TEXT NOT NULL,
        currency TEXT NOT NULL,
        price DOUBLE PRECISION NOT NULL,
        updated_at BIGINT NOT NULL,
        PRIMARY KEY (chain_id, address, currency)
      )`,
      'CREATE INDEX sessions_by_expiry ON sessions (expiry)',
      'CREATE INDEX sessions_by_revocation ON sessions (revoked_at)',
    ],
  },
  {
    version: 4,
    name: 'drop rows of addresses that are not tokens',
    statements: [
      // fungible/price used to store a placeholder for any address asked about; nothing reads them.
      'DELETE FROM tokens WHERE listed = 0 AND name IS NULL AND symbol IS NULL AND decimals IS NULL',
    ],
  },
  {
    version: 5,
    name: 'coin type of registered names',
    statements: ['ALTER TABLE names ADD COLUMN coin_type BIGINT'],
  },
  {
    version: 6,
    name: 'on-ramp orders',
    statements: [
      `CREATE TABLE onramp_orders (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL,
        provider TEXT NOT NULL,
        address TEXT NOT NULL,
        chain_id BIGINT NOT NULL,
        asset TEXT NOT NULL,
        symbol TEXT NOT NULL,
        token_address TEXT NOT NULL,
        decimals INTEGER NOT NULL,
        fiat_currency TEXT NOT NULL,
        payment_method TEXT NOT NULL,
        fiat_total TEXT NOT NULL,
        fee TEXT NOT NULL,
        network_fee TEXT NOT NULL,
        crypto_amount TEXT NOT NULL,
        status TEXT NOT NULL,
        tx_hash TEXT,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      )`,
      'CREATE INDEX onramp_orders_by_address ON onramp_orders (address, provider, status, updated_at)',
      // One on-chain delivery pays one order only.
      'CREATE UNIQUE INDEX onramp_orders_by_tx ON onramp_orders (tx_hash)',
    ],
  },
  {
    version: 7,
    name: 'on-ramp deliveries and provider request ids',
    statements: [
      // The nonce of the order's broadcast delivery: set once, then the order never returns to pending.
      'ALTER TABLE onramp_orders ADD COLUMN delivery_nonce BIGINT',
      'CREATE INDEX onramp_orders_by_status ON onramp_orders (status, updated_at)',
      // Every transaction signed for an order (a replacement reuses the nonce), recorded before it is sent.
      `CREATE TABLE onramp_deliveries (
        tx_hash TEXT PRIMARY KEY,
        order_id TEXT NOT NULL,
        nonce BIGINT NOT NULL,
        created_at BIGINT NOT NULL
      )`,
      'CREATE INDEX onramp_deliveries_by_order ON onramp_deliveries (order_id, created_at)',
      // Request ids of signed provider calls, kept while their timestamp is inside the accepted window.
      `CREATE TABLE onramp_request_ids (
        id TEXT PRIMARY KEY,
        expires_at BIGINT NOT NULL
      )`,
      'CREATE INDEX onramp_request_ids_by_expiry ON onramp_request_ids (expires_at)',
    ],
  },
  {
    version: 8,
    name: 'name registration budgets',
    statements: [
      // One row per stored name registration of the last window: who (client IP key) and which project.
      `CREATE TABLE name_registrations (
        client_key TEXT NOT NULL,
        project_id TEXT NOT NULL,
        created_at BIGINT NOT NULL
      )`,
      'CREATE INDEX name_registrations_by_client ON name_registrations (client_key, created_at)',
      'CREATE INDEX name_registrations_by_project ON name_registrations (project_id, created_at)',
      'CREATE INDEX name_registrations_by_time ON name_registrations (created_at)',
    ],
  },
  {
    version: 9,
    name: 'used sign-in nonces',
    statements: [
      // Nonces are HMAC-signed (no row when issued); a row when used, kept until the nonce expires.
      `CREATE TABLE siwx_nonces_used (
        id TEXT PRIMARY KEY,
        project_id TEXT NOT NULL,
        client_key TEXT NOT NULL,
        keep_until BIGINT NOT NULL
      )`,
      'CREATE INDEX siwx_nonces_used_by_client ON siwx_nonces_used (project_id, client_key, keep_until)',
      'CREATE INDEX siwx_nonces_used_by_time ON siwx_nonces_used (keep_until)',
    ],
  },
  {
    version: 10,
    name: 'imported wallet directory',
    statements: [
      // Replaced whole by each import (directory:import); chains is a JSON list of CAIP-2 ids.
      `CREATE TABLE directory_wallets (
        id TEXT PRIMARY KEY,
        position INTEGER NOT NULL,
        name TEXT NOT NULL,
        homepage TEXT NOT NULL,
        image_id TEXT NOT NULL,
        rdns TEXT,
        mobile_link TEXT,
        desktop_link TEXT,
        webapp_link TEXT,
        chains TEXT NOT NULL,
        badge_type TEXT NOT NULL,
        imported_at BIGINT NOT NULL
      )`,
      `CREATE TABLE directory_images (
        id TEXT PRIMARY KEY,
        content_type TEXT NOT NULL,
        body TEXT NOT NULL
      )`,
    ],
  },
  {
    version: 11,
    name: 'sponsored gas budgets',
    statements: [
      // Gas cost the paymaster service signed for, in gwei (rounded up), per project, chain, sender and
      // UTC day; sender '*' is the project's total. Rows of past days are deleted as new ones come.
      `CREATE TABLE sponsored_gas (
        project_id TEXT NOT NULL,
        chain_id BIGINT NOT NULL,
        sender TEXT NOT NULL,
        day BIGINT NOT NULL,
        gwei BIGINT NOT NULL,
        PRIMARY KEY (project_id, chain_id, sender, day)
      )`,
      'CREATE INDEX sponsored_gas_by_day ON sponsored_gas (day)',
    ],
  },
]

/** Applies the migrations not yet recorded, each in its own transaction. Returns the versions applied. */
export async function migrate(driver: SqlDriver, migrations: Migration[] = MIGRATIONS): Promise<number[]> {
  await driver.run(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)',
  )
  const applied: number[] = []
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    const done = await driver.transaction(async (tx) => {
      await driver.lockForMigrations(tx)
      const rows = await tx.all<{ version: number }>(
        'SELECT version FROM schema_migrations WHERE version = ?',
        [m.version],
      )
      if (rows.length > 0) return false
      for (const statement of m.statements) await tx.run(statement)
      await tx.run('INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)', [
        m.version,
        m.name,
        Math.floor(Date.now() / 1000),
      ])
      return true
    })
    if (done) applied.push(m.version)
  }
  return applied
}
