import {
  type Address,
  type Chain,
  type Client,
  decodeFunctionData,
  encodeFunctionData,
  type Hex,
  hashMessage,
  hashTypedData,
  type LocalAccount,
  parseAbi,
  type Transport,
  type TypedData,
  type TypedDataDefinition,
} from 'viem'
import {
  entryPoint08Abi,
  getUserOperationTypedData,
  type SmartAccount,
  toSmartAccount,
} from 'viem/account-abstraction'
import { readContract } from 'viem/actions'

/** PorticoAccount (services/devnet fixtures/aa): eth-infinitism SimpleAccount 0.8 + ERC-1271. */
export const porticoAccountAbi = parseAbi([
  'function execute(address target, uint256 value, bytes data)',
  'struct Call { address target; uint256 value; bytes data; }',
  'function executeBatch(Call[] calls)',
  'function owner() view returns (address)',
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
])
export const porticoAccountFactoryAbi = parseAbi([
  'function createAccount(address owner, uint256 salt) returns (address)',
  'function getAddress(address owner, uint256 salt) view returns (address)',
])

/** The EIP-712 wrapper PorticoAccount.isValidSignature checks: a signature is bound to one account on one chain. */
export function replaySafeTypedData(hash: Hex, account: Address, chainId: number) {
  return {
    domain: { name: 'Portico Account', version: '1', chainId, verifyingContract: account },
    types: { PorticoAccountMessage: [{ name: 'hash', type: 'bytes32' }] },
    primaryType: 'PorticoAccountMessage',
    message: { hash },
  } as const
}

/** A signature ECDSA-shaped enough for gas estimation (SimpleAccount's validation fails softly on it). */
const STUB_SIGNATURE: Hex =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'

export interface PorticoSmartAccountParameters {
  /** A client on the account's chain: reads code, nonces and the counterfactual address. */
  client: Client<Transport, Chain, undefined>
  owner: LocalAccount
  entryPoint: Address
  factory: Address
  /** CREATE2 salt of the account for this owner; one account per owner by default. */
  salt?: bigint
  /** The counterfactual address when already known (factory.getAddress(owner, salt)); else read. */
  address?: Address
}

/**
 * The owner's PorticoAccount as a viem SmartAccount (EntryPoint 0.8): counterfactual address from the
 * factory, user operations signed as EIP-712 over the user-op hash, messages and typed data signed
 * through the replay-safe wrapper. viem's toSmartAccount wraps signatures in ERC-6492 while the
 * account is not deployed.
 */
export async function toPorticoSmartAccount(params: PorticoSmartAccountParameters): Promise<SmartAccount> {
  const { client, owner, factory } = params
  const salt = params.salt ?? 0n
  const chainId = client.chain.id
  const entryPoint = { abi: entryPoint08Abi, address: params.entryPoint, version: '0.8' } as const
  const address =
    params.address ??
    (await readContract(client, {
      address: factory,
      abi: porticoAccountFactoryAbi,
      functionName: 'getAddress',
      args: [owner.address, salt],
    }))
  const signHash = (hash: Hex) => owner.signTypedData(replaySafeTypedData(hash, address, chainId))

  return toSmartAccount({
    client,
    entryPoint,
    extend: { owner },
    async getAddress() {
      return address
    },
    async getFactoryArgs() {
      return {
        factory,
        factoryData: encodeFunctionData({
          abi: porticoAccountFactoryAbi,
          functionName: 'createAccount',
          args: [owner.address, salt],
        }),
      }
    },
    // One sequence (key 0): the signer sends one user operation at a time per account.
    async getNonce() {
      return readContract(client, {
        address: entryPoint.address,
        abi: entryPoint08Abi,
        functionName: 'getNonce',
        args: [address, 0n],
      })
    },
    async encodeCalls(calls) {
      const [only] = calls
      if (calls.length === 1 && only)
        return encodeFunctionData({
          abi: porticoAccountAbi,
          functionName: 'execute',
          args: [only.to, only.value ?? 0n, only.data ?? '0x'],
        })
      return encodeFunctionData({
        abi: porticoAccountAbi,
        functionName: 'executeBatch',
        args: [calls.map((call) => ({ target: call.to, value: call.value ?? 0n, data: call.data ?? '0x' }))],
      })
    },
    async decodeCalls(data) {
      const decoded = decodeFunctionData({ abi: porticoAccountAbi, data })
      if (decoded.functionName === 'execute') {
        const [to, value, callData] = decoded.args
        return [{ to, value, data: callData }]
      }
      if (decoded.functionName === 'executeBatch')
        return decoded.args[0].map((call) => ({ to: call.target, value: call.value, data: call.data }))
      throw new Error(`Not a PorticoAccount call: ${decoded.functionName}`)
    },
    async getStubSignature() {
      return STUB_SIGNATURE
    },
    async signMessage({ message }) {
      return signHash(hashMessage(message))
    },
    async signTypedData(typedData) {
      return signHash(hashTypedData(typedData as TypedDataDefinition<TypedData, string>))
    },
    async signUserOperation({ chainId: opChainId = chainId, ...userOperation }) {
      return owner.signTypedData(
        getUserOperationTypedData({
          chainId: opChainId,
          entryPointAddress: entryPoint.address,
          userOperation: { ...userOperation, sender: address },
        }),
      )
    },
  })
}
