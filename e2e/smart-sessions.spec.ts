import { sessionCreationMessage } from '@portico/api'
import type { SessionPermission, SessionsResponse } from '@portico/shared-types/api'
import { privateKeyToAccount } from 'viem/accounts'
import { type FreshAccount, freshAccount, useDevWallet } from './accountData.ts'
import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'
import type { StackInfo } from './stackInfo.ts'

// Accounts: a fresh key per test (signing only, no funds), so no dev account index is shared.
const PROJECT = 'portico-dev'

/** Creates a session for `account` through the API, signed as services/api checks it. */
async function createSession(stack: StackInfo, account: FreshAccount, permission: SessionPermission) {
  const issuedAt = Math.floor(Date.now() / 1000)
  const expiry = issuedAt + 3600
  const { address } = account
  const message = sessionCreationMessage({ address, projectId: PROJECT, permission, expiry, issuedAt })
  const signature = await privateKeyToAccount(account.privateKey).signMessage({ message })
  const res = await fetch(`${stack.apiUrl}/v1/sessions/${address}?projectId=${PROJECT}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ permission, expiry, issuedAt, signature }),
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { pci: string }).pci
}

async function sessionsOf(stack: StackInfo, address: string): Promise<SessionsResponse> {
  return (await (
    await fetch(`${stack.apiUrl}/v1/sessions/${address}?projectId=${PROJECT}`)
  ).json()) as SessionsResponse
}

test('Account menu → Smart sessions lists the account’s sessions; Revoke signs the pci and the API marks it revoked', async ({
  page,
  stack,
}) => {
  const account = freshAccount()
  const pci = await createSession(stack, account, {
    permissionType: 'native-token-recurring-allowance',
    data: '0x01',
    required: true,
    onChainValidated: false,
  })
  await useDevWallet(page.context(), stack, account)
  const demo = new DemoPage(page)
  // behaviour §9: smartSessions is off by default; the test build takes ?features=.
  await demo.goto('?features=smartSessions:true')
  await demo.connectDevWallet()
  await demo.openAccount()
  await demo.dialog.getByRole('button', { name: 'Smart sessions' }).click()
  const view = page.getByRole('dialog', { name: 'Smart Sessions' })
  const list = view.getByRole('list', { name: 'Sessions' })
  await expect(list.getByRole('listitem')).toHaveCount(1)
  await expect(list.getByText(/^Active ·/)).toBeVisible()

  await list
    .getByRole('button', { name: `Revoke native-token-recurring-allowance session ${pci.slice(0, 8)}` })
    .click()
  await expect(list.getByText(/^Revoked ·/)).toBeVisible()
  await expect(list.getByRole('button')).toHaveCount(0)
  const stored = await sessionsOf(stack, account.address)
  expect(stored.pcis.find((session) => session.pci === pci)?.revokedAt).toEqual(expect.any(Number))
})

test('an account without sessions sees the empty state', async ({ page, stack }) => {
  const account = freshAccount()
  await useDevWallet(page.context(), stack, account)
  const demo = new DemoPage(page)
  await demo.goto('?features=smartSessions:true')
  await demo.connectDevWallet()
  await demo.openAccount()
  await demo.dialog.getByRole('button', { name: 'Smart sessions' }).click()
  await expect(
    page.getByRole('dialog', { name: 'Smart Sessions' }).getByText('No smart sessions'),
  ).toBeVisible()
})
