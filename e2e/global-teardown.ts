/** Stops what global-setup started (both run in the Playwright runner process). */
export default async function globalTeardown(): Promise<void> {
  const stack = globalThis.__porticoE2eStack
  globalThis.__porticoE2eStack = undefined
  await stack?.stop()
}
