import { describe, expect, it } from 'vitest'
import { nameAvatarBackground } from './nameAvatar.ts'

describe('nameAvatarBackground', () => {
  it('is the same for the same name and differs between names', () => {
    expect(nameAvatarBackground('Vertex Go')).toBe(nameAvatarBackground('Vertex Go'))
    expect(nameAvatarBackground('Vertex Go')).not.toBe(nameAvatarBackground('Grove Go'))
    expect(nameAvatarBackground('Vertex Go')).toMatch(
      /^linear-gradient\(135deg, hsl\(\d+ 70% 58%\), hsl\(\d+ 70% 42%\)\)$/,
    )
  })

  it('stays a colour for any text a directory may send (no markup or url reaches the style)', () => {
    expect(nameAvatarBackground('"); background:url(https://evil.example/x)')).toMatch(
      /^linear-gradient\(135deg, hsl\(\d+ 70% 58%\), hsl\(\d+ 70% 42%\)\)$/,
    )
    expect(nameAvatarBackground('')).toMatch(/^linear-gradient/)
  })
})
