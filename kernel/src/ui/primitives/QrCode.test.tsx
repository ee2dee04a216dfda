import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { QrCode } from './QrCode.tsx'
import { drawnQrPath, qrPath } from './qrMatrix.ts'

describe('QrCode', () => {
  it('draws a code it has not seen once the QR library answers', async () => {
    render(<QrCode value="wc:not-seen-before@2" label="Code" />)
    expect(screen.queryByRole('img', { name: 'Code' })).toBeNull()
    expect(await screen.findByRole('img', { name: 'Code' })).toBeTruthy()
  })

  it('shows a code drawn ahead (a prepared pairing uri) in its first render, without waiting', async () => {
    await qrPath('wc:drawn-ahead@2')
    render(<QrCode value="wc:drawn-ahead@2" label="Pairing code" />)
    expect(screen.getByRole('img', { name: 'Pairing code' })).toBeTruthy()
  })

  it('keeps only the last two codes drawn, and draws each text once while it is kept', async () => {
    const first = qrPath('wc:one')
    expect(qrPath('wc:one')).toBe(first)
    await Promise.all([first, qrPath('wc:two'), qrPath('wc:three')])
    expect(drawnQrPath('wc:one')).toBeUndefined()
    expect(drawnQrPath('wc:two')).toBeDefined()
    expect(drawnQrPath('wc:three')).toBeDefined()
  })
})
