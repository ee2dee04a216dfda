import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  ChainContinuityError,
  type ChainCursor,
  type IndexedBlock,
  type Repository,
  type TokenRecord,
  type TransferRecord,
} from '../src/db/repository.ts'

/** A fresh, empty database that can be opened more than once (to test reopening). */
export interface TestStore {
  open(): Promise<Repository>
  destroy(): Promise<void>
}

const A = '0x1111111111111111111111111111111111111111'
const B = '0x2222222222222222222222222222222222222222'
const C = '0x3333333333333333333333333333333333333333'
const TOKEN = '0xAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAaAa'
const GENESIS = hash(0)
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

function listedToken(address: string): TokenRecord {
  return {
    chainId: 31337,
    address,
    kind: 'erc20',
    name: 'T',
    symbol: 'T',
    decimals: 18,
    iconUrl: null,
    listed: true,
  }
}

function hash(n: number, salt = 0): string {
  return `0x${(n * 1000 + salt).toString(16).padStart(64, '0')}`
}

function transfer(block: number, txIndex: number, over: Partial<TransferRecord> = {}): TransferRecord {
  return {
    chainId: 31337,
    txHash: hash(block, 500 + txIndex),
    logIndex: -1,
    blockNumber: block,
    blockHash: hash(block),
    txIndex,
    minedAt: 1_700_000_000 + block,
    kind: 'native',
    contract: null,
    from: A,
    to: B,
    amount: '1000',
    tokenId: null,
    txFrom: A,
    txTo: B,
    nonce: block,
    status: 'success',
    ...over,
  }
}

function block(n: number, transfers: TransferRecord[] = [], salt = 0): IndexedBlock {
  return { number: n, hash: hash(n, salt), parentHash: hash(n - 1, salt), timestamp: 0, transfers }
}

export function describeRepository(name: string, makeStore: () => Promise<TestStore>): void {
  describe(`repository on ${name}`, () => {
    let store: TestStore
    let repo: Repository

    beforeEach(async () => {
      store = await makeStore()
      repo = await store.open()
    })
    afterEach(async () => {
      await repo.close()
      await store.destroy()
    })

    it('migrates once: reopening keeps the data', async () => {
      await repo.upsertTokens([listedToken(NATIVE)])
      await repo.setPrice({ chainId: 31337, address: NATIVE, currency: 'usd', price: 3000, updatedAt: 1 })
      const again = await store.open()
      try {
        expect((await again.getPrices(31337, [NATIVE], 'USD')).get(NATIVE)).toBe(3000)
      } finally {
        await again.close()
      }
    })

    it('stores tokens case-insensitively and never unlists one', async () => {
      await repo.upsertTokens([
        {
          chainId: 31337,
          address: TOKEN,
          kind: 'erc20',
          name: 'Token',
          symbol: 'TKN',
          decimals: 6,
          iconUrl: 'https://icon',
          listed: true,
        },
      ])
      await repo.upsertTokens([
        {
          chainId: 31337,
          address: TOKEN.toLowerCase(),
          kind: 'erc20',
          name: 'Token 2',
          symbol: 'TKN',
          decimals: 6,
          iconUrl: null,
          listed: false,
        },
      ])
      const [t] = await repo.getTokens(31337, [TOKEN.toUpperCase().replace('0X', '0x')])
      expect(t).toEqual({
        chainId: 31337,
        address: TOKEN.toLowerCase(),
        kind: 'erc20',
        name: 'Token 2',
        symbol: 'TKN',
        decimals: 6,
        iconUrl: 'https://icon',
        listed: true,
      })
      expect(await repo.listTokens(31337, { listedOnly: true })).toHaveLength(1)
      expect(await repo.listTokens(31338)).toEqual([])
      expect(await repo.getTokens(31337, [])).toEqual([])
    })

    it('seeds prices by chain and contract without overwriting, and updates them on set', async () => {
      await repo.upsertTokens([listedToken(TOKEN)])
      const price = { chainId: 31337, address: TOKEN, currency: 'USD' }
      await repo.seedPrices([{ ...price, price: 1.25, updatedAt: 1 }])
      await repo.seedPrices([{ ...price, address: TOKEN.toLowerCase(), price: 9, updatedAt: 2 }])
      expect((await repo.getPrices(31337, [TOKEN, C], 'usd')).get(TOKEN.toLowerCase())).toBe(1.25)
      await repo.setPrice({ ...price, price: 2.5, updatedAt: 3 })
      const prices = await repo.getPrices(31337, [TOKEN.toLowerCase(), C], 'usd')
      expect([...prices]).toEqual([[TOKEN.toLowerCase(), 2.5]])
      expect((await repo.getPrices(31337, [TOKEN], 'eur')).size).toBe(0)
      expect((await repo.getPrices(31338, [TOKEN], 'usd')).size).toBe(0)
    })

    it('prices listed tokens only: a priced but unlisted contract has no price', async () => {
      await repo.upsertTokens([{ ...listedToken(C), listed: false }])
      await repo.setPrice({ chainId: 31337, address: C, currency: 'usd', price: 3000, updatedAt: 1 })
      expect((await repo.getPrices(31337, [C], 'usd')).size).toBe(0)
      await repo.upsertTokens([listedToken(C)])
      expect((await repo.getPrices(31337, [C], 'usd')).get(C)).toBe(3000)
    })

    it('answers the latest name of an address', async () => {
      expect(await repo.latestName(A)).toBeNull()
      await repo.putName({ name: 'old.reown.id', address: A, avatar: null, attributes: {}, createdAt: 1 })
      await repo.putName({
        name: 'new.reown.id',
        address: A.toUpperCase().replace('0X', '0x'),
        avatar: 'https://a',
        attributes: { bio: 'hi' },
        createdAt: 2,
      })
      expect(await repo.latestName(A)).toEqual({
        name: 'new.reown.id',
        address: A,
        avatar: 'https://a',
        attributes: { bio: 'hi' },
        createdAt: 2,
      })
    })

    it('creates, lists and revokes sessions once', async () => {
      const permission = {
        permissionType: 'native-token-recurring-allowance',
        data: '0x',
        required: true,
        onChainValidated: false,
      }
      await repo.createSession({
        pci: 'p1',
        address: `eip155:31337:${A}`,
        projectId: 'x',
        permission,
        createdAt: 10,
        expiry: 99,
        revokedAt: null,
      })
      await repo.createSession({
        pci: 'p2',
        address: `eip155:31337:${A}`,
        projectId: 'x',
        permission,
        createdAt: 11,
        expiry: null,
        revokedAt: null,
      })
      await expect(
        repo.createSession({
          pci: 'p1',
          address: B,
          projectId: 'x',
          permission,
          createdAt: 12,
          expiry: null,
          revokedAt: null,
        }),
      ).rejects.toThrow()
      const listed = await repo.listSessions(`eip155:31337:${A.toUpperCase().replace('0X', '0x')}`)
      expect(listed.map((s) => s.pci)).toEqual(['p1', 'p2'])
      expect(listed[0]?.permission).toEqual(permission)
      expect(listed[0]?.expiry).toBe(99)
      expect(await repo.revokeSession('p1', 50)).toBe(true)
      expect(await repo.revokeSession('p1', 60)).toBe(false)
      expect(await repo.revokeSession('nope', 60)).toBe(false)
      expect((await repo.getSession('p1'))?.revokedAt).toBe(50)
      expect(await repo.getSession('nope')).toBeNull()
    })

    it('caps live sessions per address in one statement, and prunes the ones that ended long ago', async () => {
      const base = {
        address: A,
        projectId: 'x',
        permission: { permissionType: 't', data: '0x', required: true, onChainValidated: false },
        createdAt: 1,
      }
      await repo.createSession({ ...base, pci: 'live', expiry: 200, revokedAt: null })
      await repo.createSession({ ...base, pci: 'forever', expiry: null, revokedAt: null })
      await repo.createSession({ ...base, pci: 'expired', expiry: 50, revokedAt: null })
      await repo.createSession({ ...base, pci: 'revoked', expiry: null, revokedAt: 60 })
      await repo.createSession({ ...base, pci: 'recently-revoked', expiry: null, revokedAt: 150 })
      // Live at 100: 'live' and 'forever' (the others expired or were revoked).
      const cap = { maxLive: 3, now: 100 }
      expect(await repo.createSession({ ...base, pci: 'third', expiry: 300, revokedAt: null }, cap)).toBe(
        true,
      )
      expect(await repo.createSession({ ...base, pci: 'fourth', expiry: 300, revokedAt: null }, cap)).toBe(
        false,
      )
      expect(await repo.getSession('fourth')).toBeNull()
      expect(
        await repo.createSession({ ...base, address: B, pci: 'other', expiry: 300, revokedAt: null }, cap),
      ).toBe(true)
      expect(await repo.pruneSessions(100)).toBe(2)
      expect((await repo.listSessions(A)).map((s) => s.pci).sort()).toEqual([
        'forever',
        'live',
        'recently-revoked',
        'third',
      ])
    })

    it('keeps a spam list per chain', async () => {
      await repo.addSpamContracts([
        { chainId: 31337, address: TOKEN },
        { chainId: 31337, address: TOKEN },
      ])
      expect([...(await repo.spamContracts(31337))]).toEqual([TOKEN.toLowerCase()])
      expect((await repo.spamContracts(31338)).size).toBe(0)
    })

    it('records consecutive blocks and moves the cursor atomically', async () => {
      expect(await repo.getCursor(31337)).toBeNull()
      await repo.recordBlocks(31337, GENESIS, [block(0), block(1, [transfer(1, 0)]), block(2)])
      expect(await repo.getCursor(31337)).toEqual({
        chainId: 31337,
        blockNumber: 2,
        blockHash: hash(2),
        genesisHash: GENESIS,
      })
      await repo.recordBlocks(31337, GENESIS, [block(3, [transfer(3, 0), transfer(3, 1)])])
      const page = await repo.historyPage(A, { limit: 10 })
      expect(page.map((t) => [t.key.blockNumber, t.key.txIndex])).toEqual([
        [3, 1],
        [3, 0],
        [1, 0],
      ])
    })

    it('refuses a gap, a wrong parent or a new genesis, storing nothing', async () => {
      await repo.recordBlocks(31337, GENESIS, [block(0), block(1)])
      const refused = async (blocks: IndexedBlock[], genesis = GENESIS) => {
        await expect(repo.recordBlocks(31337, genesis, blocks)).rejects.toBeInstanceOf(ChainContinuityError)
      }
      await refused([block(3, [transfer(3, 0)])])
      await refused([{ ...block(2, [transfer(2, 0)]), parentHash: hash(9) }])
      await refused([block(2, [transfer(2, 0)]), block(4)])
      await refused([block(2, [transfer(2, 0)])], hash(0, 7))
      await refused([block(2, [transfer(5, 0)])])
      expect((await repo.getCursor(31337))?.blockNumber).toBe(1)
      expect(await repo.historyPage(A, { limit: 10 })).toEqual([])
    })

    it('stores a transfer once however often it is recorded', async () => {
      const t = transfer(1, 0)
      await repo.recordBlocks(31337, GENESIS, [block(0), block(1, [t, { ...t }])])
      const cursor = (await repo.getCursor(31337)) as ChainCursor
      await repo.rewind(31337, { ...cursor, blockNumber: 1 })
      // The cursor is at 1 again: the same block recorded as its successor is refused, as a gap would be.
      await expect(repo.recordBlocks(31337, GENESIS, [block(1, [t])])).rejects.toBeInstanceOf(
        ChainContinuityError,
      )
      const page = await repo.historyPage(A, { limit: 10 })
      expect(page).toHaveLength(1)
      expect(page[0]?.transfers).toHaveLength(1)
    })

    it('rewinds above a block, or wipes a chain', async () => {
      await repo.recordBlocks(31337, GENESIS, [
        block(0),
        block(1, [transfer(1, 0)]),
        block(2, [transfer(2, 0)]),
      ])
      await repo.recordBlocks(31338, GENESIS, [block(0), block(1, [transfer(1, 0, { chainId: 31338 })])])
      expect(await repo.blocksWithTransfers(31337, 5, 10)).toEqual([
        { number: 2, hash: hash(2) },
        { number: 1, hash: hash(1) },
      ])
      await repo.rewind(31337, { chainId: 31337, blockNumber: 1, blockHash: hash(1), genesisHash: GENESIS })
      expect((await repo.getCursor(31337))?.blockNumber).toBe(1)
      expect(
        (await repo.historyPage(A, { limit: 10, chainIds: [31337] })).map((t) => t.key.blockNumber),
      ).toEqual([1])
      // Indexing continues from the rewound cursor, with a different block 2.
      const replacement = block(2, [transfer(2, 0, { blockHash: hash(2, 1), txHash: hash(2, 9) })], 1)
      await repo.recordBlocks(31337, GENESIS, [{ ...replacement, parentHash: hash(1) }])
      expect((await repo.historyPage(A, { limit: 10, chainIds: [31337] })).map((t) => t.txHash)).toEqual([
        hash(2, 9),
        hash(1, 500),
      ])
      await repo.rewind(31337, null)
      expect(await repo.getCursor(31337)).toBeNull()
      expect(await repo.historyPage(A, { limit: 10, chainIds: [31337] })).toEqual([])
      expect(await repo.historyPage(A, { limit: 10, chainIds: [31338] })).toHaveLength(1)
    })

    it('pages an account history newest first, across chains, with only its own transfers', async () => {
      const token = TOKEN.toLowerCase()
      await repo.recordBlocks(31337, GENESIS, [
        block(0),
        block(1, [transfer(1, 0), transfer(1, 1, { from: B, to: C, txFrom: B, txTo: C })]),
        block(2, [
          transfer(2, 0, { kind: 'erc20', contract: token, logIndex: 0, from: A, to: C, txTo: token }),
          transfer(2, 0, { kind: 'erc20', contract: token, logIndex: 1, from: C, to: B, txTo: token }),
          transfer(2, 0, {
            kind: 'erc721',
            contract: token,
            logIndex: 2,
            from: B,
            to: A,
            tokenId: '7',
            amount: '1',
            txTo: token,
          }),
        ]),
        block(3, [transfer(3, 0, { from: A, to: A, txTo: A })]),
      ])
      await repo.recordBlocks(31338, GENESIS, [
        block(0),
        block(1, [transfer(1, 0, { chainId: 31338, minedAt: 1_700_000_002, txHash: hash(77) })]),
      ])

      const all = await repo.historyPage(A, { limit: 50 })
      expect(all.map((t) => `${t.chainId}/${t.key.blockNumber}`)).toEqual([
        '31337/3',
        '31338/1',
        '31337/2',
        '31337/1',
      ])
      const erc = all[2]
      expect(erc?.transfers.map((t) => [t.logIndex, t.kind, t.from, t.to, t.tokenId])).toEqual([
        [0, 'erc20', A, C, null],
        [2, 'erc721', B, A, '7'],
      ])
      expect(all[0]?.transfers).toHaveLength(1)

      const first = await repo.historyPage(A.toUpperCase().replace('0X', '0x'), { limit: 2 })
      expect(first.map((t) => t.txHash)).toEqual(all.slice(0, 2).map((t) => t.txHash))
      const second = await repo.historyPage(A, { limit: 2, before: first[1]?.key })
      expect(second.map((t) => t.txHash)).toEqual(all.slice(2, 4).map((t) => t.txHash))
      expect(await repo.historyPage(A, { limit: 2, before: second[1]?.key })).toEqual([])

      expect((await repo.historyPage(A, { limit: 50, chainIds: [31338] })).map((t) => t.chainId)).toEqual([
        31338,
      ])
      expect(await repo.historyPage(A, { limit: 50, chainIds: [] })).toEqual([])
      expect((await repo.historyPage(C, { limit: 50 })).map((t) => t.key.blockNumber)).toEqual([2, 1])
    })
  })
}
