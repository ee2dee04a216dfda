import { describe, expect, it } from 'vitest'
import email from '../../email/src/index.ts'
import socials from './index.ts'

// behaviour reference, deliberate differences: view names are one per modal, and email and social
// login are two plugins each with an approval view of its own.
describe('the social login approval view', () => {
  it('is ApproveSocialTransaction, sensitive, and where the social connector sends unsafe requests', () => {
    const views = (socials.views ?? {}) as Record<string, { sensitive?: boolean } | undefined>
    expect(views.ApproveSocialTransaction?.sensitive).toBe(true)
    expect(views.ApproveTransaction).toBeUndefined()
    expect(socials.contributes?.connectors?.map((connector) => connector.unsafeRequestView)).toEqual([
      'ApproveSocialTransaction',
    ])
    expect(email.contributes?.connectors?.map((connector) => connector.unsafeRequestView)).toEqual([
      'ApproveTransaction',
    ])
  })
})
