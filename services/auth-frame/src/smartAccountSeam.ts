/**
 * The seam the ERC-4337 module (src/smartAccount/) plugs into: pass an implementation as
 * `smartAccounts` of startAuthFrame. The frame backend owns the user's EOA key and hands the module a
 * viem LocalAccount that signs as the owner; the module never stores keys.
 * Without it, users have EOA accounts only and GET_SMART_ACCOUNT_ENABLED_NETWORKS answers [].
 */
import type { Address, Hex, LocalAccount, TypedDataDefinition } from 'viem'
import type { PaymasterEndpoint } from './smartAccount/paymasterClient.ts'

export interface SmartAccountCall {
  to: Address
  value?: bigint
  data?: Hex
}

export interface SendCallsOptions {
  /**
   * Gas paid by the app (ERC-7677): the paymaster service the user operation gets its stub and final
   * paymaster data from. Only an endpoint of the frame's configuration (smartAccount/sponsorship.ts).
   */
  paymaster?: PaymasterEndpoint
}

export interface SmartAccountProvider {
  /** eip155 chain ids with an EntryPoint, factory and bundler (GET_SMART_ACCOUNT_ENABLED_NETWORKS). */
  enabledNetworks(): number[]
  /** The owner's smart account address on a chain (counterfactual before deployment). */
  address(owner: LocalAccount, chainId: number): Promise<Address>
  isDeployed(address: Address, chainId: number): Promise<boolean>
  /** INIT_SMART_ACCOUNT: deploys the account if it is not deployed yet. */
  deploy(owner: LocalAccount, chainId: number): Promise<void>
  /** eth_sendTransaction / wallet_sendCalls as a user operation; resolves to the transaction hash. */
  sendCalls(
    owner: LocalAccount,
    chainId: number,
    calls: SmartAccountCall[],
    options?: SendCallsOptions,
  ): Promise<Hex>
  /** personal_sign as the smart account (ERC-1271 / ERC-6492); absent: the owner signs. */
  signMessage?(owner: LocalAccount, chainId: number, message: { raw: Hex } | string): Promise<Hex>
  signTypedData?(owner: LocalAccount, chainId: number, typedData: TypedDataDefinition): Promise<Hex>
}
