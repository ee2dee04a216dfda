import { dataJsonUri, deployNftFixtures, type NftFixtures } from '@portico/devnet'
import { createWalletClient, defineChain, type Hex, http, parseAbi, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import {
  type FreshAccount,
  freshAccount,
  mintSpamNft,
  publicClient,
  setEth,
  useDevWallet,
} from './accountData.ts'
import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'
import type { StackChain, StackInfo } from './stackInfo.ts'

// Accounts: fresh viem keys funded with anvil_setBalance; they mint their own NFTs (the NFT fixtures
// are open-mint), so no dev account of another spec is touched. The spam NFT is minted by account 0
// through accountData.ts (retried on a nonce clash).

/** services/api's NFT page size (routes/nfts.ts). */
const PAGE_SIZE = 12
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

const collectibleAbi = parseAbi(['function mint(address to, string tokenUri) returns (uint256)'])
const multiAbi = parseAbi(['function mint(address to, uint256 id, uint256 amount, string tokenUri)'])

function walletOf(chain: StackChain, account: FreshAccount) {
  return createWalletClient({
    chain: defineChain({
      id: chain.chainId,
      name: chain.name,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    }),
    transport: http(chain.rpcUrl),
    account: privateKeyToAccount(account.privateKey),
  })
}

async function confirm(chain: StackChain, hash: Promise<Hex>) {
  const receipt = await publicClient(chain).waitForTransactionReceipt({ hash: await hash })
  expect(receipt.status).toBe('success')
}

/** Polls the stack's API until it lists `count` NFTs (spam included) of the account: indexed. */
async function waitIndexed(stack: StackInfo, chain: StackChain, address: string, count: number) {
  await expect
    .poll(
      async () => {
        let total = 0
        let cursor = ''
        for (let page = 0; page < 5; page++) {
          const url = `${stack.apiUrl}/v1/account/${address}/nfts?projectId=portico-dev&chainId=eip155:${chain.chainId}${cursor}`
          const body = (await (await fetch(url)).json()) as { data: unknown[]; next: string | null }
          total += body.data.length
          if (!body.next) break
          cursor = `&cursor=${body.next}`
        }
        return total
      },
      { message: 'the API indexed the NFTs', timeout: 30_000 },
    )
    .toBe(count)
}

async function setup(stack: StackInfo) {
  const chain = stack.chains[0]
  if (!chain) throw new Error('stack.json lacks chains')
  const fixtures: NftFixtures = await deployNftFixtures(chain)
  const account = freshAccount()
  await setEth(chain, account.address, parseEther('1'))
  return { chain, fixtures, account, wallet: walletOf(chain, account) }
}

test('NFTs tab: minted ERC-721s and an ERC-1155 with name and image, Load more, spam hidden', async ({
  page,
  context,
  stack,
}) => {
  test.setTimeout(120_000)
  const { chain, fixtures, account, wallet } = await setup(stack)
  const mint = (uri: string) =>
    confirm(
      chain,
      wallet.writeContract({
        address: fixtures.collectible,
        abi: collectibleAbi,
        functionName: 'mint',
        args: [account.address, uri],
      }),
    )
  await mint(dataJsonUri({ name: 'Portico Heron', image: PNG }))
  // Hostile metadata: a script URL as image and a remote tokenURI are never shown or fetched.
  await mint(dataJsonUri({ name: 'Script Image', image: 'javascript:alert(1)' }))
  for (let i = 0; i < PAGE_SIZE - 2; i++) await mint(dataJsonUri({ name: `Filler ${i}` }))
  await mint(dataJsonUri({ name: 'Last Collectible' }))
  await confirm(
    chain,
    wallet.writeContract({
      address: fixtures.multiToken,
      abi: multiAbi,
      functionName: 'mint',
      args: [account.address, 9n, 3n, dataJsonUri({ name: 'Portico Edition', image: PNG })],
    }),
  )
  await mintSpamNft(stack, chain, account.address)
  await waitIndexed(stack, chain, account.address, PAGE_SIZE + 3)

  await useDevWallet(context, stack, account)
  const demo = new DemoPage(page)
  await demo.goto()
  await demo.connectDevWallet()
  await demo.openAccount()
  await demo.dialog.getByRole('tab', { name: 'NFTs' }).click()
  const panel = demo.dialog.getByRole('tabpanel', { name: 'NFTs' })
  const list = panel.getByRole('list', { name: 'NFTs you own' })

  const heron = list.getByRole('listitem', { name: 'Portico Heron' })
  await expect(heron).toBeVisible()
  // A decorative image (alt=""): the item's name is its accessible name.
  await expect(heron.locator('img')).toHaveAttribute('src', PNG)
  await expect(list.getByRole('listitem', { name: 'Script Image' })).toBeVisible()
  await expect(list.getByRole('listitem', { name: 'Script Image' }).locator('img')).toHaveCount(0)
  // The first page holds at most 12 tokens: the 13th collectible (minted last) comes with Load more.
  await expect(panel.getByRole('button', { name: 'Load more' })).toBeVisible()
  await expect(list.getByRole('listitem', { name: 'Last Collectible' })).toHaveCount(0)
  await expect(panel).not.toContainText('Free Airdrop')

  await panel.getByRole('button', { name: 'Load more' }).click()
  await expect(list.getByRole('listitem', { name: 'Portico Edition, ×3' })).toBeVisible()
  await expect(list.getByRole('listitem', { name: 'Last Collectible' })).toBeVisible()
  // 13 collectibles and the edition; the spam NFT stays hidden.
  await expect(list.getByRole('listitem')).toHaveCount(PAGE_SIZE + 2)
  await expect(panel.getByRole('button', { name: 'Load more' })).toHaveCount(0)
  await expect(panel).not.toContainText('Free Airdrop')
})

test('NFTs tab: an account without NFTs sees the empty state', async ({ page, context, stack }) => {
  const { account } = await setup(stack)
  await useDevWallet(context, stack, account)
  const demo = new DemoPage(page)
  await demo.goto()
  await demo.connectDevWallet()
  await demo.openAccount()
  await demo.dialog.getByRole('tab', { name: 'NFTs' }).click()
  await expect(demo.dialog.getByRole('tabpanel', { name: 'NFTs' })).toContainText('No NFTs yet')
})

test('NFTs tab: the API unreachable shows an error with Try again, which recovers', async ({
  page,
  context,
  stack,
}) => {
  test.setTimeout(90_000)
  const { chain, fixtures, account, wallet } = await setup(stack)
  await confirm(
    chain,
    wallet.writeContract({
      address: fixtures.collectible,
      abi: collectibleAbi,
      functionName: 'mint',
      args: [account.address, dataJsonUri({ name: 'Recovered Heron', image: PNG })],
    }),
  )
  await waitIndexed(stack, chain, account.address, 1)
  await useDevWallet(context, stack, account)
  const demo = new DemoPage(page)
  await demo.goto()
  await demo.connectDevWallet()
  await demo.openAccount()
  // The NFT route fails at the network level (the rest of the API keeps answering).
  await page.route('**/v1/account/*/nfts?*', (route) => route.abort('connectionrefused'))
  await demo.dialog.getByRole('tab', { name: 'NFTs' }).click()
  const panel = demo.dialog.getByRole('tabpanel', { name: 'NFTs' })
  await expect(panel.getByRole('alert')).toContainText('NFTs could not be loaded.', { timeout: 30_000 })
  await page.unroute('**/v1/account/*/nfts?*')
  await panel.getByRole('button', { name: 'Try again' }).click()
  await expect(panel.getByRole('listitem', { name: 'Recovered Heron' })).toBeVisible()
})
