import { createPublicClient, createTestClient, http, parseEther } from 'viem'

/** Reads the native balance straight from the chain, as the test's own source of truth. */
export function readBalance(rpcUrl: string, address: `0x${string}`): Promise<bigint> {
  return createPublicClient({ transport: http(rpcUrl) }).getBalance({ address })
}

/** Gives an account an uneven balance (anvil_setBalance) so floor-vs-round and grouping show. */
export async function setBalance(rpcUrl: string, address: `0x${string}`, ether: string): Promise<void> {
  await createTestClient({ mode: 'anvil', transport: http(rpcUrl) }).setBalance({
    address,
    value: parseEther(ether),
  })
}

/** behaviour §9: floored to 3 decimals, en-US grouping, then the symbol: 1234.5678 ETH → "1,234.567 ETH". */
export function formatEth(wei: bigint): string {
  const unit = 10n ** 18n
  const whole = new Intl.NumberFormat('en-US').format(wei / unit)
  const thousandths = ((wei % unit) / 10n ** 15n).toString().padStart(3, '0')
  return `${whole}.${thousandths} ETH`
}

/** behaviour §9: 4 leading and 6 trailing characters. */
export const truncate = (address: string) => `${address.slice(0, 4)}…${address.slice(-6)}`
