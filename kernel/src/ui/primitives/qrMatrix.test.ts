import jsQR from 'jsqr'
import { correction, generate } from 'lean-qr'
import { describe, expect, it } from 'vitest'
import { modulePath, qrPath } from './qrMatrix.ts'

const RUN = /M(\d+) (\d+)h(\d+)v1h-(\d+)z/g
const SCALE = 4
const QUIET = 4

/** The modules a drawn path (one rectangle per run) covers; nothing else may be in the path. */
function modulesOf(size: number, path: string): boolean[][] {
  const grid = Array.from({ length: size }, () => new Array<boolean>(size).fill(false))
  let covered = 0
  for (const [segment, x, y, run, back] of path.matchAll(RUN)) {
    covered += segment.length
    expect(back).toBe(run)
    for (let col = Number(x); col < Number(x) + Number(run); col++) (grid[Number(y)] ?? [])[col] = true
  }
  expect(covered).toBe(path.length)
  return grid
}

/** Paints modules into RGBA pixels with a quiet zone, as a camera would see them. */
function rasterize(grid: boolean[][]) {
  const width = (grid.length + 2 * QUIET) * SCALE
  const pixels = new Uint8ClampedArray(width * width * 4).fill(255)
  for (const [y, row] of grid.entries())
    for (const [x, dark] of row.entries()) {
      if (!dark) continue
      for (let dy = 0; dy < SCALE; dy++) {
        const at = (((y + QUIET) * SCALE + dy) * width + (x + QUIET) * SCALE) * 4
        for (let dx = 0; dx < SCALE; dx++) pixels.fill(0, at + dx * 4, at + dx * 4 + 3)
      }
    }
  return { pixels, width }
}

/** Draws `value`, checks the path holds exactly the encoder's modules, and reads it back with a QR reader. */
async function decode(value: string): Promise<string | undefined> {
  const { size, path } = await qrPath(value)
  const grid = modulesOf(size, path)
  const code = generate(value, { minCorrectionLevel: correction.M })
  expect(size).toBe(code.size)
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) expect(grid[y]?.[x]).toBe(code.get(x, y))
  const { pixels, width } = rasterize(grid)
  return jsQR(pixels, width, width)?.data
}

describe('qrPath', () => {
  it('draws codes a QR reader reads back exactly', async () => {
    const pairing =
      'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1705600000'
    expect(await decode(pairing)).toBe(pairing)
    expect(await decode('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(
      '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    )
    expect(await decode('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080')).toBe(
      'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080',
    )
  })

  it('fails (the view says the code is unavailable) for text too long for any QR code', async () => {
    await expect(qrPath('x'.repeat(8000))).rejects.toThrow()
  })
})

describe('modulePath', () => {
  it('draws one rectangle per horizontal run of dark modules', () => {
    const dark = new Set(['0,0', '1,0', '3,0', '2,1'])
    expect(modulePath(4, (x, y) => dark.has(`${x},${y}`))).toBe('M0 0h2v1h-2zM3 0h1v1h-1zM2 1h1v1h-1z')
    expect(modulePath(3, () => false)).toBe('')
    expect(modulePath(2, () => true)).toBe('M0 0h2v1h-2zM0 1h2v1h-2z')
  })
})
