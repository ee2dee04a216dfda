import { encodeAbiParameters } from 'viem'
import { describe, expect, it } from 'vitest'
import {
  blockTransfers,
  MAX_BATCH_ENTRIES,
  parseTokenLog,
  parseTransferLog,
  type RawLog,
  TRANSFER_TOPIC,
} from './extract.ts'

const A = '0x1111111111111111111111111111111111111111'
const B = '0x2222222222222222222222222222222222222222'
const topic = (addr: string) => `0x${addr.slice(2).padStart(64, '0')}`
const word = (n: bigint) => `0x${n.toString(16).padStart(64, '0')}`
const BLOCK = `0x${'b'.repeat(64)}`

function log(over: Partial<RawLog>): RawLog {
  return {
    address: '0xAbCdEf0000000000000000000000000000000001',
    topics: [TRANSFER_TOPIC, topic(A), topic(B)],
    data: word(1234n),
    blockHash: BLOCK,
    transactionHash: `0x${'1'.repeat(64)}`,
    logIndex: '0x3',
    ...over,
  }
}

describe('parseTransferLog', () => {
  it('reads ERC-20 and ERC-721 transfers', () => {
    expect(parseTransferLog(log({}))).toEqual({
      kind: 'erc20',
      contract: '0xabcdef0000000000000000000000000000000001',
      from: A,
      to: B,
      amount: '1234',
      tokenId: null,
    })
    expect(
      parseTransferLog(log({ topics: [TRANSFER_TOPIC, topic(A), topic(B), word(42n)], data: '0x' })),
    ).toMatchObject({
      kind: 'erc721',
      amount: '1',
      tokenId: '42',
    })
  })

  it('ignores other events and malformed transfers', () => {
    expect(parseTransferLog(log({ topics: [`0x${'0'.repeat(64)}`, topic(A), topic(B)] }))).toBeNull()
    expect(parseTransferLog(log({ topics: [TRANSFER_TOPIC, topic(A)] }))).toBeNull()
    expect(parseTransferLog(log({ data: '0x12' }))).toBeNull()
    expect(parseTransferLog(log({ topics: [TRANSFER_TOPIC, `0x${'f'.repeat(64)}`, topic(B)] }))).toBeNull()
    expect(
      parseTransferLog(log({ topics: [TRANSFER_TOPIC, topic(A), topic(B), word(1n)], data: word(1n) })),
    ).toBeNull()
  })
})

describe('blockTransfers', () => {
  const block = {
    number: 7,
    hash: BLOCK,
    timestamp: 1_700_000_000,
    transactions: [
      {
        hash: `0x${'1'.repeat(64)}`,
        from: A,
        to: '0xAbCdEf0000000000000000000000000000000001',
        value: 0n,
        nonce: 4,
        transactionIndex: 0,
      },
      { hash: `0x${'2'.repeat(64)}`, from: B, to: A, value: 5n, nonce: 9, transactionIndex: 1 },
      { hash: `0x${'3'.repeat(64)}`, from: B, to: null, value: 6n, nonce: 10, transactionIndex: 2 },
    ],
  }
  const receipts = (hash: string) =>
    hash.startsWith('0x3')
      ? { status: 'success' as const, contractAddress: '0x9999999999999999999999999999999999999999' }
      : { status: 'reverted' as const, contractAddress: null }

  it('lists native value (with receipt status) and token logs of a block', () => {
    const out = blockTransfers(31337, block, [log({})], receipts)
    expect(
      out.map((t) => [t.kind, t.logIndex, t.from, t.to, t.amount, t.status, t.txIndex, t.nonce]),
    ).toEqual([
      ['native', -1, B, A, '5', 'reverted', 1, 9],
      ['native', -1, B, '0x9999999999999999999999999999999999999999', '6', 'success', 2, 10],
      ['erc20', 3, A, B, '1234', 'success', 0, 4],
    ])
    expect(out[2]).toMatchObject({ blockNumber: 7, blockHash: BLOCK, minedAt: 1_700_000_000, txFrom: A })
  })

  it('refuses a log of another block, and skips removed ones', () => {
    expect(() => blockTransfers(31337, block, [log({ blockHash: `0x${'c'.repeat(64)}` })], receipts)).toThrow(
      /reported for block 7/,
    )
    expect(blockTransfers(31337, block, [log({ removed: true })], receipts)).toHaveLength(2)
  })
})

describe('parseTransferLog: ERC-1155 TransferSingle', () => {
  const SINGLE = '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62'
  const OPERATOR = '0x3333333333333333333333333333333333333333'
  const data = (id: bigint, value: bigint) => `${word(id)}${word(value).slice(2)}`

  it('reads id and units, from and to (not the operator)', () => {
    expect(
      parseTransferLog(log({ topics: [SINGLE, topic(OPERATOR), topic(A), topic(B)], data: data(7n, 5n) })),
    ).toEqual({
      kind: 'erc1155',
      contract: '0xabcdef0000000000000000000000000000000001',
      from: A,
      to: B,
      amount: '5',
      tokenId: '7',
    })
  })

  it('ignores malformed TransferSingle logs', () => {
    expect(
      parseTransferLog(log({ topics: [SINGLE, topic(OPERATOR), topic(A)], data: data(1n, 1n) })),
    ).toBeNull()
    expect(
      parseTransferLog(log({ topics: [SINGLE, topic(OPERATOR), topic(A), topic(B)], data: word(1n) })),
    ).toBeNull()
    expect(
      parseTransferLog(
        log({ topics: [SINGLE, topic(OPERATOR), `0x${'f'.repeat(64)}`, topic(B)], data: data(1n, 1n) }),
      ),
    ).toBeNull()
  })
})

describe('parseTokenLog: ERC-1155 TransferBatch', () => {
  const BATCH = '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb'
  const OPERATOR = '0x3333333333333333333333333333333333333333'
  const topics = [BATCH, topic(OPERATOR), topic(A), topic(B)]
  const encode = (ids: bigint[], values: bigint[]) =>
    encodeAbiParameters([{ type: 'uint256[]' }, { type: 'uint256[]' }], [ids, values])

  it('gives one movement per id, each under its own negative log index', () => {
    const moves = parseTokenLog(log({ topics, data: encode([5n, 6n], [1n, 2n]) }), 3)
    expect(moves.map((m) => [m.kind, m.from, m.to, m.tokenId, m.amount, m.logIndex])).toEqual([
      ['erc1155', A, B, '5', '1', -(2 + 3 * MAX_BATCH_ENTRIES)],
      ['erc1155', A, B, '6', '2', -(2 + 3 * MAX_BATCH_ENTRIES + 1)],
    ])
  })

  it('a Transfer log keeps its own log index', () => {
    expect(parseTokenLog(log({}), 7)).toMatchObject([{ kind: 'erc20', logIndex: 7 }])
  })

  it('ignores malformed batches: mismatched lengths, bad ABI, too many entries, missing topics', () => {
    expect(parseTokenLog(log({ topics, data: encode([5n, 6n], [1n]) }), 0)).toEqual([])
    expect(parseTokenLog(log({ topics, data: '0x1234' }), 0)).toEqual([])
    const many = Array.from({ length: MAX_BATCH_ENTRIES + 1 }, (_, i) => BigInt(i))
    expect(parseTokenLog(log({ topics, data: encode(many, many) }), 0)).toEqual([])
    expect(parseTokenLog(log({ topics: topics.slice(0, 3), data: encode([1n], [1n]) }), 0)).toEqual([])
  })
})
