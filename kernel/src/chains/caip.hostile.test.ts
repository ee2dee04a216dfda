// @vitest-environment node
import { MESSAGES } from '@portico/shared-types'
import { describe, expect, it } from 'vitest'
import { parseCaipAccount } from './caip.ts'

/** Issue 8 item 15: accounts from outside (a wallet's session) as behaviour §5 CAIP accounts. */
const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SOL = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'
const SOL_GENESIS = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'

describe('parseCaipAccount', () => {
  it('accepts eip155 (40 hex, 0x added when absent), Solana (32–44 base58) and CAIP-10 addresses elsewhere', () => {
    expect(parseCaipAccount(`eip155:1:${EVM}`)).toEqual({ namespace: 'eip155', chainId: '1', address: EVM })
    expect(parseCaipAccount(`eip155:31337:${EVM.slice(2)}`).address).toBe(EVM)
    expect(parseCaipAccount(`solana:${SOL_GENESIS}:${SOL}`)).toEqual({
      namespace: 'solana',
      chainId: SOL_GENESIS,
      address: SOL,
    })
    expect(
      parseCaipAccount('bip122:000000000019d6689c085ae165831e93:bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')
        .namespace,
    ).toBe('bip122')
  })

  it("refuses everything else with 'Invalid CAIP Address'", () => {
    const refused: unknown[] = [
      `eip155:NaN:${EVM}`,
      `eip155:1.5:${EVM}`,
      `eip155:0:${EVM}`,
      `eip155:-1:${EVM}`,
      `eip155:1e3:${EVM}`,
      `eip155:99999999999999999:${EVM}`,
      `eip155:1:${EVM}0`,
      `eip155:1:${EVM.slice(0, -1)}g`,
      `eip155:1:${EVM}/../x`,
      `eip155:1:${EVM}:x`,
      `eip155::${EVM}`,
      `eip155:1:`,
      `solana:${SOL_GENESIS}:${SOL}0OIl`,
      `solana:${SOL_GENESIS}:short`,
      `solana:${'x'.repeat(33)}:${SOL}`,
      `bip122:000000000019d6689c085ae165831e93:bc1q<script>`,
      `polkadot:91b171bb158e2d3848fa23a9f1c25182:${'a'.repeat(129)}`,
      `cosmos:cosmoshub-4:${EVM}`,
      `EIP155:1:${EVM}`,
      `eip155:1:${'a'.repeat(300)}`,
      42,
      null,
      undefined,
      {},
    ]
    for (const value of refused)
      expect(() => parseCaipAccount(value), String(value)).toThrow(MESSAGES.invalidCaipAddress)
  })
})
