/** Test only: fake ERC-20 tokens as hand-assembled runtime code for anvil_setCode. */
import {
  concat,
  encodeAbiParameters,
  type Hex,
  numberToHex,
  pad,
  size,
  stringToHex,
  toFunctionSelector,
} from 'viem'

export const uint = (value: bigint) => encodeAbiParameters([{ type: 'uint256' }], [value])
export const text = (value: string) => encodeAbiParameters([{ type: 'string' }], [value])
export const bytes32 = (value: string) => pad(stringToHex(value), { dir: 'right', size: 32 })

/**
 * Hand-assembled runtime code of a fake token: each selector returns its fixed answer (copied from
 * the code's tail); an unknown selector reverts. Enough to be balanceOf/decimals/symbol for any owner.
 */
export function tokenCode(answers: Partial<Record<'balanceOf' | 'decimals' | 'symbol', Hex>>): Hex {
  const selectors = {
    balanceOf: toFunctionSelector('balanceOf(address)'),
    decimals: toFunctionSelector('decimals()'),
    symbol: toFunctionSelector('symbol()'),
  }
  const entries = Object.entries(answers) as [keyof typeof selectors, Hex][]
  const u16 = (n: number) => numberToHex(n, { size: 2 })
  const header = '0x60003560e01c' as Hex // PUSH1 0 CALLDATALOAD PUSH1 0xe0 SHR
  const dispatchSize = 11 * entries.length
  const revert = '0x600080fd' as Hex // PUSH1 0 DUP1 REVERT
  const branchSize = 16
  const branchesStart = size(header) + dispatchSize + size(revert)
  const dataStart = branchesStart + branchSize * entries.length
  const dispatch: Hex[] = []
  const branches: Hex[] = []
  let dataOffset = dataStart
  entries.forEach(([name, answer], index) => {
    // DUP1 PUSH4 selector EQ PUSH2 dest JUMPI
    dispatch.push(
      concat(['0x8063', selectors[name], '0x1461', u16(branchesStart + branchSize * index), '0x57']),
    )
    const length = u16(size(answer))
    // JUMPDEST PUSH2 len PUSH2 offset PUSH1 0 CODECOPY PUSH2 len PUSH1 0 RETURN
    branches.push(concat(['0x5b61', length, '0x61', u16(dataOffset), '0x60003961', length, '0x6000f3']))
    dataOffset += size(answer)
  })
  return concat([header, ...dispatch, revert, ...branches, ...entries.map(([, answer]) => answer)])
}
