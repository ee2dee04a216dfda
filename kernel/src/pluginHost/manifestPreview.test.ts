import { describe, expect, it } from 'vitest'
import { parseLoadOn, parsePreview } from './manifestPreview.ts'

describe('a manifest’s preview and loadOn (hostile input)', () => {
  it('keeps a well-formed preview, only the known fields', () => {
    expect(
      parsePreview({
        method: 'email',
        field: { label: 'Email', placeholder: 'you@example.com', type: 'email', extra: 1 },
        buttons: [{ label: 'Continue', primary: true, needsField: true, onclick: 'x' }],
      }),
    ).toEqual({
      method: 'email',
      field: { label: 'Email', placeholder: 'you@example.com', type: 'email' },
      buttons: [{ label: 'Continue', primary: true, needsField: true }],
    })
  })

  it.each([
    ['not an object', 'email'],
    ['an unknown method', { method: 'wallet', buttons: [] }],
    ['no buttons', { method: 'social' }],
    ['too many buttons', { method: 'social', buttons: Array.from({ length: 17 }, () => ({ label: 'a' })) }],
    ['a button without a label', { method: 'social', buttons: [{ option: 'x' }] }],
    ['markup in a label', { method: 'social', buttons: [{ label: '<img src=x>' }] }],
    ['a control character', { method: 'social', buttons: [{ label: 'a\u0007' }] }],
    ['an overlong label', { method: 'social', buttons: [{ label: 'a'.repeat(81) }] }],
    ['a field without a label', { method: 'email', field: {}, buttons: [] }],
  ])('drops %s', (_, value) => {
    expect(parsePreview(value)).toBeUndefined()
  })

  it('an option that is not a plain identifier is dropped from its button', () => {
    expect(parsePreview({ method: 'social', buttons: [{ label: 'Go', option: 'a b' }] })?.buttons).toEqual([
      { label: 'Go' },
    ])
  })

  it('keeps a button’s popup only with a plain window name and sizes a screen can hold', () => {
    const popupOf = (popup: unknown) =>
      parsePreview({ method: 'social', buttons: [{ label: 'Go', popup }] })?.buttons[0]?.popup
    expect(popupOf({ name: 'portico-social', width: 600, height: 800, url: 'https://evil.example' })).toEqual(
      {
        name: 'portico-social',
        width: 600,
        height: 800,
      },
    )
    for (const name of ['_blank', '_top', '_parent', '_self', 'a b', '', 'x'.repeat(33), 7])
      expect(popupOf({ name, width: 600, height: 800 })).toBeUndefined()
    for (const [width, height] of [
      [0, 800],
      [600, 1e9],
      [600.5, 800],
      ['600', 800],
    ])
      expect(popupOf({ name: 'portico-social', width, height })).toBeUndefined()
    expect(popupOf(null)).toBeUndefined()
  })

  it('keeps a mark only as SVG path data (it lands in a `d` attribute) and the marks layout by name', () => {
    const markOf = (mark: unknown) =>
      parsePreview({ method: 'social', buttons: [{ label: 'Go', mark }] })?.buttons[0]?.mark
    expect(markOf('M14.234 10.162 22.977 0h-2.072l-7.591 8.824z')).toBe(
      'M14.234 10.162 22.977 0h-2.072l-7.591 8.824z',
    )
    for (const mark of [
      'M0 0"/><script>alert(1)</script>',
      'url(https://evil.example/x.svg)',
      'M0 0;background:red',
      `M${' 1'.repeat(1000)}`,
      '',
      7,
    ])
      expect(markOf(mark)).toBeUndefined()
    const layoutOf = (layout: unknown) => parsePreview({ method: 'social', layout, buttons: [] })?.layout
    expect([layoutOf('marks'), layoutOf('grid'), layoutOf(undefined)]).toEqual([
      'marks',
      undefined,
      undefined,
    ])
  })

  it('loadOn is one of open, intent, idle, connect', () => {
    expect(['open', 'intent', 'idle', 'connect', 'later', 1].map(parseLoadOn)).toEqual([
      'open',
      'intent',
      'idle',
      'connect',
      undefined,
      undefined,
    ])
  })
})
