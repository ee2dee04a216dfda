import { describe, expect, it } from 'vitest'
import { splitMarks } from './markLayout.ts'

describe('splitMarks', () => {
  it('keeps the first button wide and puts the other marked ones in the row, in order', () => {
    const buttons = [
      { label: 'Google', mark: 'M0 0' },
      { label: 'X', mark: 'M1 1' },
      { label: 'GitHub', mark: 'M2 2' },
    ]
    expect(splitMarks(buttons)).toEqual({ wide: [buttons[0]], marks: [buttons[1], buttons[2]] })
  })

  it('keeps a button without a mark wide (it has no face in the row)', () => {
    const buttons = [{ label: 'Google', mark: 'M0 0' }, { label: 'Other' }, { label: 'X', mark: 'M1 1' }]
    expect(splitMarks(buttons)).toEqual({ wide: [buttons[0], buttons[1]], marks: [buttons[2]] })
  })

  it('shows one button wide even when it has a mark, and nothing for none', () => {
    const only = { label: 'X', mark: 'M1 1' }
    expect(splitMarks([only])).toEqual({ wide: [only], marks: [] })
    expect(splitMarks([])).toEqual({ wide: [], marks: [] })
  })
})
