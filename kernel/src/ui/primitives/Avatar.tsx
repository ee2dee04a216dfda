import { avatarColors } from '../../chains/avatar.ts'

export function Avatar({
  address,
  imageUrl,
  size = 64,
}: {
  address: string
  imageUrl?: string | null
  size?: number
}) {
  if (imageUrl) return <img className="pt-avatar" src={imageUrl} alt="" width={size} height={size} />
  const [c1, c2, c3, c4, c5] = avatarColors(address)
  const background = `radial-gradient(75% 75% at 65% 20%, ${c5} 0%, ${c4} 20%, ${c3} 40%, ${c2} 60%, ${c1} 100%)`
  return <span className="pt-avatar" aria-hidden="true" style={{ width: size, height: size, background }} />
}
