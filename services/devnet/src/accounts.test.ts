import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { DEV_ACCOUNTS, DEV_MNEMONIC } from './accounts.ts'

describe('DEV_ACCOUNTS', () => {
  it('are the first 10 accounts of the dev mnemonic, with matching keys', () => {
    expect(DEV_ACCOUNTS).toHaveLength(10)
    DEV_ACCOUNTS.forEach((account, i) => {
      expect(mnemonicToAccount(DEV_MNEMONIC, { addressIndex: i }).address).toBe(account.address)
      expect(privateKeyToAccount(account.privateKey).address).toBe(account.address)
    })
  })
})
