import { describe, expect, it } from 'vitest'
import { en } from '../i18n/en.ts'
import { FIRST_PAINT_STRINGS } from './firstPaintStrings.ts'

describe('first paint strings', () => {
  it('are the English catalogue’s, so the kernel taking over changes no word', () => {
    expect(FIRST_PAINT_STRINGS).toEqual({
      connectWallet: en.connectWallet,
      close: en.close,
      walletList: en.walletList,
      installed: en.installed,
      walletConnect: en.walletConnect.name,
      walletConnectTag: en.walletConnect.tag,
      namespaces: { eip155: en.namespaces.eip155, solana: en.namespaces.solana },
    })
  })
})
