import { encode } from 'uqr'
import { useMemo } from 'react'

/**
 * A QR code drawn as SVG from uqr's module matrix: dark modules on white with a 4-module quiet zone, in
 * any theme (scanners need the contrast). `label` names the image for assistive technology.
 */
export function QrCode({ value, label, size = 200, testId = 'receive-qr' }: { value: string; label: string; size?: number; testId?: string }) {
  const { path, modules } = useMemo(() => {
    const qr = encode(value, { ecc: 'M', border: 4 })
    let d = ''
    qr.data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`
      }),
    )
    return { path: d, modules: qr.size }
  }, [value])
  return (
    <svg role="img" aria-label={label} width={size} height={size} viewBox={`0 0 ${modules} ${modules}`} shapeRendering="crispEdges" data-testid={testId} style={{ background: '#fff', borderRadius: 8 }}>
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  )
}
