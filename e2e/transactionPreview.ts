import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import { type Abi, type Address, createWalletClient, getAddress, type Hex, http, parseUnits } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { type FreshAccount, publicClient } from './accountData.ts'
import { expect } from './fixtures.ts'
import type { StackChain } from './stackInfo.ts'

const require = createRequire(import.meta.url)
const presetArtifact = require('@openzeppelin/contracts/build/contracts/ERC20PresetMinterPauser.json') as {
  abi: Abi
  bytecode: Hex
}

/**
 * The kernel's transaction preview (Review request) that now stands between a send or swap and the
 * external wallet: checks it describes what the spec expects, then presses Continue. Every text in
 * `shows` must be in the preview (an ETH send shows "−1.25 ETH" as "You send").
 */
export async function continuePreview(page: Page, shows: (string | RegExp)[] = []): Promise<void> {
  const review = page.getByRole('dialog', { name: 'Review request' })
  const continueButton = review.getByRole('button', { name: 'Continue' })
  await expect(continueButton).toBeEnabled()
  for (const text of shows) await expect(review).toContainText(text)
  await continueButton.click()
}

/**
 * An ERC-20 calling itself "USDC" (18 decimals), deployed by `deployer` (who needs ETH for gas), with 100
 * of it minted to `holder` (default the deployer): a token on no list.
 */
export async function deployFakeUsdc(
  chain: StackChain,
  deployer: FreshAccount,
  holder: Address = deployer.address,
): Promise<`0x${string}`> {
  const wallet = createWalletClient({
    account: privateKeyToAccount(deployer.privateKey),
    transport: http(chain.rpcUrl),
  })
  const client = publicClient(chain)
  const chainDef = client.chain
  const deployed = await client.waitForTransactionReceipt({
    hash: await wallet.deployContract({
      abi: presetArtifact.abi,
      bytecode: presetArtifact.bytecode,
      args: ['USD Coin', 'USDC'],
      chain: chainDef,
    }),
  })
  const token = deployed.contractAddress
  if (!token) throw new Error('the fake USDC was not deployed')
  // The receipt's address is lower-case; the preview writes addresses checksummed (EIP-55).
  const minted = await client.waitForTransactionReceipt({
    hash: await wallet.writeContract({
      address: token,
      abi: [
        {
          type: 'function',
          name: 'mint',
          stateMutability: 'nonpayable',
          inputs: [
            { name: 'to', type: 'address' },
            { name: 'amount', type: 'uint256' },
          ],
          outputs: [],
        },
      ],
      functionName: 'mint',
      args: [holder, parseUnits('100', 18)],
      chain: chainDef,
    }),
  })
  expect(minted.status).toBe('success')
  return getAddress(token)
}
