import type { Route } from '@playwright/test'
import { DemoPage } from './demo.ts'
import { expect, test } from './fixtures.ts'

// The socials-timeout alert end to end (behaviour §8 alerts, §9 frame call timeout 30 s): the wallet
// frame's backend holds the email login's call without answering, as a backend that hangs or a
// domain it does not serve would. After 30 s the modal says the login failed and shows the
// 'Invalid App Configuration' alert; once the backend answers again, the same visitor gets on.

const FRAME_CALL_TIMEOUT_MS = 30_000

test('a frame call that never answers: after 30 s an error and the Invalid App Configuration alert, then a retry gets on', async ({
  page,
}) => {
  test.setTimeout(FRAME_CALL_TIMEOUT_MS + 60_000)
  const held: Route[] = []
  // Only CONNECT_EMAIL hangs; the frame's other calls (its session check at load) answer as usual.
  await page.route('**/api/frame', async (route) => {
    const body = route.request().postDataJSON() as { type?: unknown } | null
    if (body?.type === 'CONNECT_EMAIL') held.push(route)
    else await route.continue()
  })
  const demo = new DemoPage(page)
  await demo.goto()
  await demo.openConnect()
  const email = `timeout-${Date.now()}@portico.test`
  await demo.dialog.getByLabel('Email').fill(email)
  await demo.dialog.getByRole('button', { name: 'Continue', exact: true }).click()
  await expect.poll(() => held.length).toBe(1)
  const alert = page.getByRole('alert').filter({ hasText: 'Invalid App Configuration' })
  // Nothing is said before the timeout: a slow backend is not a misconfigured app.
  await expect(alert).toHaveCount(0)

  await test.step('30 s later: the error and the alert, once', async () => {
    await expect(alert).toBeVisible({ timeout: FRAME_CALL_TIMEOUT_MS + 15_000 })
    await expect(alert).toContainText('check that your domain is allowed')
    await expect(alert).toHaveCount(1)
    await expect(demo.dialog.getByText('Something went wrong')).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Confirm Email' })).toHaveCount(0)
  })

  await test.step('the backend answers again: the visitor retries and gets the code screen', async () => {
    // The held call fails now; the modal stopped waiting for it, so its late answer changes nothing.
    for (const route of held.splice(0)) await route.abort('connectionreset')
    await page.unroute('**/api/frame')
    await alert.getByRole('button', { name: 'Dismiss alert' }).click()
    await expect(alert).toHaveCount(0)
    await demo.dialog.getByRole('button', { name: 'Continue', exact: true }).click()
    await expect(page.getByRole('dialog', { name: 'Confirm Email' })).toBeVisible({ timeout: 20_000 })
    // The alert is shown at most once per page.
    await expect(alert).toHaveCount(0)
  })
})
