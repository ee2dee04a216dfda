import { randomBytes } from 'node:crypto'
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { registrationMessage } from '../plugins/names/src/names.ts'
import { type FreshAccount, freshAccount, setEth, useDevWallet } from './accountData.ts'
import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'
import type { StackInfo } from './stackInfo.ts'

// Accounts: a fresh key per test (funded by anvil_setBalance), so no dev account index is shared.
const PROJECT = 'portico-dev'
const uniqueLabel = () => `e2e-${randomBytes(5).toString('hex')}`

async function openNames(page: Page, stack: StackInfo, account: FreshAccount) {
  const chain = stack.chains[0]
  if (!chain) throw new Error('stack.json lacks chains')
  await setEth(chain, account.address, parseEther('1'))
  await useDevWallet(page.context(), stack, account)
  const demo = new DemoPage(page)
  // The demo turns names off by default (hosts/demo/src/config.ts); the test build takes ?features=.
  await demo.goto('?features=names:true')
  await demo.connectDevWallet()
  await demo.openAccount()
  await demo.dialog.getByRole('button', { name: 'Choose an account name' }).click()
  const names = page.getByRole('dialog', { name: 'Choose a name' })
  await expect(names.getByRole('textbox', { name: 'Name' })).toBeVisible()
  return { demo, names, chainId: chain.chainId }
}

/** axe-core violations of the page, by rule and element. */
async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations.map((violation) => ({
    rule: violation.id,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }))
}

async function identityName(stack: StackInfo, address: string): Promise<string | null> {
  const res = await fetch(`${stack.apiUrl}/v1/identity/${address}?projectId=${PROJECT}`)
  return ((await res.json()) as { name: string | null }).name
}

test('register a name: suggestions, the wallet signs, the name shows in Account and the identity API', async ({
  page,
  stack,
}) => {
  // Connect, the Account view, two name look-ups, a signature, the registration and two axe scans: on a
  // loaded machine (two busy loops beside) this took 26 s before its last step.
  test.setTimeout(60_000)
  const account = freshAccount()
  const label = uniqueLabel()
  const name = `${label}.reown.id`
  const { names } = await openNames(page, stack, account)

  await names.getByRole('textbox', { name: 'Name' }).fill('ab')
  await expect(names.getByText('Use at least 4 characters: letters, digits or hyphens only')).toBeVisible()
  await names.getByRole('textbox', { name: 'Name' }).fill(label)
  const row = names.getByRole('list', { name: 'Names' }).getByRole('button', { name: new RegExp(`^${name}`) })
  await expect(row).toContainText('Available')
  const demo = new DemoPage(page)
  await demo.settle()
  expect(await violations(page)).toEqual([])
  await row.click()

  const success = page.getByRole('dialog', { name: 'Name registration' })
  await expect(success.getByRole('heading', { name: `${name} is yours` })).toBeVisible()
  expect(await identityName(stack, account.address)).toBe(name)
  await demo.settle()
  expect(await violations(page)).toEqual([])
  await success.getByRole('button', { name: 'Back to account' }).click()
  const accountView = page.getByRole('dialog', { name: 'Account' })
  await expect(accountView.getByText(name, { exact: true })).toBeVisible()

  // Searching it again shows it taken.
  await accountView.getByRole('button', { name: 'Choose an account name' }).click()
  const again = page.getByRole('dialog', { name: 'Choose a name' })
  await again.getByRole('textbox', { name: 'Name' }).fill(label)
  await expect(
    again.getByRole('list', { name: 'Names' }).getByRole('button', { name: new RegExp(`^${name}`) }),
  ).toContainText('Taken')
})

test('a name taken meanwhile: back to the search with the API’s reason', async ({ page, stack }) => {
  const account = freshAccount()
  const label = uniqueLabel()
  const name = `${label}.reown.id`
  const { names, chainId } = await openNames(page, stack, account)
  await names.getByRole('textbox', { name: 'Name' }).fill(label)
  const row = names.getByRole('list', { name: 'Names' }).getByRole('button', { name: new RegExp(`^${name}`) })
  await expect(row).toContainText('Available')

  // Someone else registers it through the API before the visitor clicks.
  const rival = privateKeyToAccount(freshAccount().privateKey)
  const message = registrationMessage({
    name,
    chainId: chainId,
    domain: new URL(stack.demoUrl).host,
    nowMs: Date.now(),
  })
  const res = await fetch(`${stack.apiUrl}/v1/profile/account?projectId=${PROJECT}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      coin_type: (chainId | 0x80000000) >>> 0,
      address: rival.address,
      message,
      signature: await rival.signMessage({ message }),
    }),
  })
  expect(res.status).toBe(200)

  await row.click()
  const alert = page.getByRole('dialog', { name: 'Choose a name' }).getByRole('alert')
  await expect(alert).toContainText(`Error registering name ${name}`)
  await expect(alert).toContainText(`Name ${name} is already taken`)
  expect(await identityName(stack, account.address)).toBeNull()
  expect(await identityName(stack, rival.address)).toBe(name)
})
