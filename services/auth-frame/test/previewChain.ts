/**
 * A real chain for the preview's tests: an anvil on a free port with an ERC-20 of the test's naming
 * (OpenZeppelin's ERC20PresetMinterPauser, 18 decimals) deployed and minted by the last dev account —
 * not the devnet's fixture deployer, whose contract addresses are on the default token list.
 */
import { createRequire } from 'node:module'
import { type AnvilProcess, DEV_ACCOUNTS, startAnvil } from '@portico/devnet'
import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  getAddress,
  type Hex,
  http,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

const require = createRequire(import.meta.url)
const preset = require('@openzeppelin/contracts/build/contracts/ERC20PresetMinterPauser.json') as {
  abi: Abi
  bytecode: Hex
}

export interface PreviewChain {
  anvil: AnvilProcess
  /** Deploys a token named `name` / `symbol` and mints `amount` (smallest units) to `to`. */
  deployToken(name: string, symbol: string, to: Address, amount: bigint): Promise<Address>
  balanceOf(token: Address, owner: Address): Promise<bigint>
  stop(): Promise<void>
}

export async function startPreviewChain(): Promise<PreviewChain> {
  const anvil = await startAnvil({ chainId: 31337, port: 0 })
  const chain = defineChain({
    id: 31337,
    name: 'Preview test chain',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.rpcUrl] } },
  })
  const deployer = DEV_ACCOUNTS.at(-1)
  if (!deployer) throw new Error('no dev account')
  const wallet = createWalletClient({
    account: privateKeyToAccount(deployer.privateKey),
    chain,
    transport: http(),
  })
  const client = createPublicClient({ chain, transport: http() })
  return {
    anvil,
    async deployToken(name, symbol, to, amount) {
      const deployed = await client.waitForTransactionReceipt({
        hash: await wallet.deployContract({
          abi: preset.abi,
          bytecode: preset.bytecode,
          args: [name, symbol],
        }),
        pollingInterval: 20,
      })
      if (!deployed.contractAddress) throw new Error('token not deployed')
      const token = getAddress(deployed.contractAddress)
      await client.waitForTransactionReceipt({
        hash: await wallet.writeContract({
          address: token,
          abi: preset.abi,
          functionName: 'mint',
          args: [to, amount],
        }),
        pollingInterval: 20,
      })
      return token
    },
    balanceOf: (token, owner) =>
      client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] }),
    stop: () => anvil.stop(),
  }
}
