import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { localNetwork, NO_PLUGINS } from '../test/testing.ts'
import { createModal, type ModalHandle } from './createModal.ts'

let modals: ModalHandle[] = []
const make = (extra: { disableAppend?: boolean; enableEmbedded?: boolean } = {}) => {
  const modal = createModal({ projectId: 'p', networks: [localNetwork()], features: NO_PLUGINS, ...extra })
  modals.push(modal)
  return modal
}
const appended = () => document.body.querySelectorAll(':scope > #portico-modal')

afterEach(() => {
  for (const modal of modals) modal.destroy()
  modals = []
  localStorage.clear()
})

describe('the modal element on the page (behaviour §2)', () => {
  it('is appended to the body by default, and removed on destroy', async () => {
    const modal = make()
    expect(appended()).toHaveLength(1)
    act(() => modal.open())
    const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' })
    expect(appended()[0]?.contains(dialog)).toBe(true)
    modal.destroy()
    expect(appended()).toHaveLength(0)
  })

  it.each([
    { disableAppend: true },
    { enableEmbedded: true },
  ])('with %o nothing is appended; the modal renders only where the app mounts it', async (option) => {
    const modal = make(option)
    expect(appended()).toHaveLength(0)
    const host = document.createElement('section')
    document.body.append(host)
    const unmount = modal.mount(host)
    act(() => modal.open())
    const dialog = await screen.findByRole('dialog', { name: 'Connect Wallet' })
    expect(host.contains(dialog)).toBe(true)
    expect(appended()).toHaveLength(0)
    unmount()
    host.remove()
  })
})
