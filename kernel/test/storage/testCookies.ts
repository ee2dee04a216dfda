/** Test only: removes every cookie of the jsdom document. */
export function clearCookies(): void {
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim()
    // biome-ignore lint/suspicious/noDocumentCookie: tests reset the cookies the storage under test wrote
    if (name) document.cookie = `${name}=; Path=/; Max-Age=0`
  }
}
