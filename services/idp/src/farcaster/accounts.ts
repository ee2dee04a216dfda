/** Dev Farcaster accounts: fid, username and a custody key (deterministic, dev only). */
import { keccak256, toBytes } from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'

export interface DevFarcasterAccount {
  fid: number
  username: string
  displayName: string
  custody: PrivateKeyAccount
}

const DEV_FIDS: [number, string, string][] = [
  [20001, 'alice', 'Alice (dev)'],
  [20002, 'bob', 'Bob (dev)'],
]

/** A custody key derived from a fid and a dev seed: never a real key. */
export function devCustodyKey(fid: number, seed = 'portico-dev-farcaster') {
  return keccak256(toBytes(`${seed}:custody:${fid}`))
}

export function devFarcasterAccounts(seed?: string): DevFarcasterAccount[] {
  return DEV_FIDS.map(([fid, username, displayName]) => ({
    fid,
    username,
    displayName,
    custody: privateKeyToAccount(devCustodyKey(fid, seed)),
  }))
}
