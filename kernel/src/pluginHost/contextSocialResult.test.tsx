import { definePlugin } from '@portico/shared-types/plugin'
import { waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { localNetwork, NO_PLUGINS } from '../../test/testing.ts'
import { createModal, type ModalHandle } from '../createModal.ts'

const SLOW = { timeout: 15_000 }
const RESULT = 'https://frame.example/social/callback?code=c1&state=s1'

let modal: ModalHandle | undefined
afterEach(() => {
  modal?.destroy()
  localStorage.clear()
  window.history.replaceState(null, '', '/')
})

/** A plugin that records what takeSocialResult gave it at setup, twice. */
function recorder(id: string, taken: (string | undefined)[]) {
  return definePlugin({
    id,
    api: '^1.1.0',
    setup(ctx) {
      taken.push(ctx.takeSocialResult?.(), ctx.takeSocialResult?.())
      return undefined
    },
  })
}

describe('contract 1.1 ctx.takeSocialResult (Telegram mini-app return, behaviour §2)', () => {
  it('the socials plugin loads without an open and takes the result once; no other plugin gets it', async () => {
    window.history.replaceState(null, '', `/?tab=1&result_uri=${encodeURIComponent(RESULT)}`)
    const socials: (string | undefined)[] = []
    const other: (string | undefined)[] = []
    modal = createModal({
      projectId: 'p',
      networks: [localNetwork()],
      features: { ...NO_PLUGINS, socials: ['google'] },
      plugins: {
        socials: { definition: recorder('socials', socials) },
        other: { definition: recorder('other', other) },
      },
    })
    expect(window.location.search).toBe('?tab=1')
    await waitFor(() => expect(socials).toEqual([RESULT, undefined]), SLOW)
    const handle = modal
    handle.open()
    await waitFor(() => expect(other).toEqual([undefined, undefined]), SLOW)
  })

  it('a result that is not an http(s) address is removed and never handed over', async () => {
    window.history.replaceState(null, '', `/?result_uri=${encodeURIComponent('wc:abc@2?relay-protocol=irn')}`)
    const socials: (string | undefined)[] = []
    modal = createModal({
      projectId: 'p',
      networks: [localNetwork()],
      features: { ...NO_PLUGINS, socials: ['google'] },
      plugins: { socials: { definition: recorder('socials', socials) } },
    })
    expect(window.location.search).toBe('')
    const handle = modal
    handle.open()
    await waitFor(() => expect(socials).toEqual([undefined, undefined]), SLOW)
  })
})
