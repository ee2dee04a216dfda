/**
 * A picture for a wallet the directory lists without an image: two hues derived from its name, so each
 * wallet keeps its own colours from visit to visit and two wallets rarely share them.
 */
export function nameAvatarBackground(name: string): string {
  let hash = 0
  for (const char of name) hash = (Math.imul(hash, 31) + (char.codePointAt(0) ?? 0)) >>> 0
  const hue = hash % 360
  const second = (hue + 40 + ((hash >>> 9) % 80)) % 360
  return `linear-gradient(135deg, hsl(${hue} 70% 58%), hsl(${second} 70% 42%))`
}
