import { useEffect, useState } from 'react'
import { drawnQrPath, type QrDrawing, qrPath } from './qrMatrix.ts'
import { Spinner } from './Spinner.tsx'

export function QrCode({
  value,
  label,
  size = 240,
}: {
  value: string
  label: string
  size?: number
  imageUrl?: string
}) {
  // A code drawn ahead (e.g. a pairing uri prepared before its view opened) shows in the first frame.
  const [qr, setQr] = useState<QrDrawing | null>(() => drawnQrPath(value) ?? null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let live = true
    setQr(drawnQrPath(value) ?? null)
    qrPath(value).then(
      (result) => live && setQr(result),
      () => live && setFailed(true),
    )
    return () => {
      live = false
    }
  }, [value])
  if (failed) return <p className="pt-text-small pt-tone-error">{label}: QR code unavailable</p>
  return (
    <div className="pt-qr">
      {qr ? (
        <svg
          role="img"
          aria-label={label}
          viewBox={`-2 -2 ${qr.size + 4} ${qr.size + 4}`}
          width={size}
          height={size}
          shapeRendering="crispEdges"
        >
          <path d={qr.path} fill="var(--pt-qr-color)" />
        </svg>
      ) : (
        // The code's own box while it is drawn: nothing below moves when it arrives or changes.
        <div className="pt-qr-slot">
          <Spinner label={label} />
        </div>
      )}
    </div>
  )
}
