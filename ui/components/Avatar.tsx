/** Avatar colours: 5 tints at 15 % steps of a base colour derived from the address (spec §9). */
export function avatarTints(address: string): string[] {
  let hash = 0
  for (const ch of address.toLowerCase()) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0
  const hue = hash % 360
  return [0, 15, 30, 45, 60].map((step) => `hsl(${hue}, 70%, ${Math.min(35 + step, 95)}%)`)
}

/** A generated avatar for an address (no identity image in this build). Decorative: the address is shown beside it. */
export function Avatar({ address, size = 64 }: { address: string; size?: number }) {
  const [a, b, c, d, e] = avatarTints(address)
  return (
    <div
      className="lk-avatar"
      aria-hidden="true"
      style={{
        width: size,
        height: size,
        // Round wherever it is drawn (the page buttons' shadow root has no view CSS), and never squeezed.
        borderRadius: '50%',
        flexShrink: 0,
        background: `radial-gradient(75% 75% at 65% 20%, ${e} 0%, ${d} 20%, ${c} 40%, ${b} 60%, ${a} 100%)`,
      }}
    />
  )
}
