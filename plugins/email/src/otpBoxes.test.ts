import { describe, expect, it } from 'vitest'
import { backspaceAt, emptyOtp, moveFocus, otpOf, pasteInto, typeInto } from './otpBoxes.ts'

const digitsOf = (code: string) => [...code.padEnd(6, ' ')].map((c) => (c === ' ' ? '' : c))

describe('code boxes', () => {
  it('a typed digit fills its box and moves to the next; the last box stays', () => {
    expect(typeInto(emptyOtp(), 0, '4')).toEqual({ digits: digitsOf('4'), focus: 1 })
    expect(typeInto(digitsOf('12345'), 5, '6')).toEqual({ digits: digitsOf('123456'), focus: 5 })
  })

  it('a digit typed over one replaces it, whichever side of it the caret was', () => {
    expect(typeInto(digitsOf('3'), 0, '35').digits).toEqual(digitsOf('5'))
    expect(typeInto(digitsOf('3'), 0, '53').digits).toEqual(digitsOf('5'))
  })

  it('letters and signs change nothing', () => {
    expect(typeInto(digitsOf('1'), 1, 'a')).toEqual({ digits: digitsOf('1'), focus: 1 })
  })

  it('a whole code pasted or autofilled into any box fills all six', () => {
    expect(pasteInto(digitsOf('9'), 3, '123 456')).toEqual({ digits: digitsOf('123456'), focus: 5 })
    expect(typeInto(emptyOtp(), 0, '123456')).toEqual({ digits: digitsOf('123456'), focus: 5 })
  })

  it('a shorter paste fills from the box it lands in, never past the sixth', () => {
    expect(pasteInto(emptyOtp(), 4, '789')).toEqual({ digits: digitsOf('    78'), focus: 5 })
    expect(pasteInto(digitsOf('1'), 1, '23')).toEqual({ digits: digitsOf('123'), focus: 3 })
    expect(pasteInto(digitsOf('1'), 1, 'code')).toEqual({ digits: digitsOf('1'), focus: 1 })
  })

  it('Backspace clears the box, or the previous one when the box is empty', () => {
    expect(backspaceAt(digitsOf('12'), 1)).toEqual({ digits: digitsOf('1'), focus: 1 })
    expect(backspaceAt(digitsOf('12'), 2)).toEqual({ digits: digitsOf('1'), focus: 1 })
    expect(backspaceAt(emptyOtp(), 0)).toEqual({ digits: emptyOtp(), focus: 0 })
  })

  it('arrows, Home and End move between the boxes; other keys do not', () => {
    expect([
      moveFocus('ArrowLeft', 0),
      moveFocus('ArrowRight', 5),
      moveFocus('Home', 3),
      moveFocus('End', 1),
    ]).toEqual([0, 5, 0, 5])
    expect(moveFocus('ArrowRight', 2)).toBe(3)
    expect(moveFocus('Tab', 2)).toBeUndefined()
  })

  it('the code is the digits in order', () => expect(otpOf(digitsOf('123456'))).toBe('123456'))
})
