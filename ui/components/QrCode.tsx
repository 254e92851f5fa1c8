import { encode } from 'uqr'
import { useMemo } from 'react'
import { safeImageUrl } from './WalletIcon.tsx'

/** The centre icon's share of the code's width (modules and quiet zone): ~5 % of the area, well inside level H's 30 %. */
const iconShare = 0.22

/** A QR code's drawing: the dark modules as one SVG path, the size in modules (quiet zone included), the icon plate. */
export type QrLayout = { path: string; modules: number; data: boolean[][]; plate: { x: number; size: number } | undefined }

/**
 * Lays a QR code out (pure): level H with a centre plate when it carries an icon, level M without one.
 * @example qrLayout('wc:…', true).plate // { x: 14.82…, size: 8.36… }
 */
export function qrLayout(value: string, withIcon: boolean): QrLayout {
  const qr = encode(value, { ecc: withIcon ? 'H' : 'M', border: 4 })
  let path = ''
  qr.data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) path += `M${x} ${y}h1v1h-1z`
    }),
  )
  const size = qr.size * iconShare
  return { path, modules: qr.size, data: qr.data, plate: withIcon ? { x: (qr.size - size) / 2, size } : undefined }
}

/**
 * A QR code drawn as SVG from uqr's module matrix: dark modules on white with a 4-module quiet zone, in
 * any theme (scanners need the contrast). `label` names the image for assistive technology.
 * With `icon` (an http(s) or data:image URL, e.g. the dapp's `metadata.icons[0]`), the icon sits in the centre on a
 * white plate over the modules it hides, and the code uses error correction level H (30 % recoverable) so it still
 * scans; without one, level M.
 * @example <QrCode value={uri} label="WalletConnect QR code" icon={metadata.icons[0]} />
 */
export function QrCode({ value, label, size = 200, testId = 'receive-qr', icon }: { value: string; label: string; size?: number; testId?: string; icon?: string | undefined }) {
  const iconUrl = safeImageUrl(icon)
  const { path, modules, plate: layoutPlate } = useMemo(() => qrLayout(value, Boolean(iconUrl)), [value, iconUrl])
  const plate = layoutPlate?.size ?? 0
  const offset = layoutPlate?.x ?? 0
  const pad = plate * 0.12
  // Whole pixels per module (the size asked, rounded to the nearest multiple of the module count): with fractional
  // modules crispEdges draws them 2 and 3 px wide in turns, which cameras and decoders misread at level H.
  const drawn = Math.max(1, Math.round(size / modules)) * modules
  return (
    <svg
      role="img"
      aria-label={label}
      width={drawn}
      height={drawn}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      data-testid={testId}
      data-ecc={iconUrl ? 'H' : 'M'}
      style={{ background: '#fff', borderRadius: 8 }}
    >
      <rect width={modules} height={modules} fill="#fff" />
      <path d={path} fill="#000" />
      {iconUrl && (
        <g data-testid={`${testId}-icon`}>
          <rect x={offset} y={offset} width={plate} height={plate} rx={plate * 0.22} fill="#fff" shapeRendering="geometricPrecision" />
          <image href={iconUrl} x={offset + pad} y={offset + pad} width={plate - 2 * pad} height={plate - 2 * pad} preserveAspectRatio="xMidYMid meet" />
        </g>
      )}
    </svg>
  )
}
