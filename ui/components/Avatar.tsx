/** FNV-1a over the address's lower-case characters from `seed`: two seeds give two independent numbers of one address. */
function hashOf(address: string, seed: number): number {
  let hash = seed >>> 0
  for (const ch of address.toLowerCase()) hash = Math.imul(hash ^ ch.charCodeAt(0), 0x01000193) >>> 0
  return hash
}

/** Avatar colours: 5 tints at 15 % steps of a base colour derived from the address (spec §9). */
export function avatarTints(address: string): string[] {
  let hash = 0
  for (const ch of address.toLowerCase()) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0
  const hue = hash % 360
  return [0, 15, 30, 45, 60].map((step) => `hsl(${hue}, 70%, ${Math.min(35 + step, 95)}%)`)
}

/**
 * What else of the address the avatar shows, so two addresses whose base hues are close still differ at a glance: a
 * highlight in a second hue, 90° to 270° away from the base one, at a place of its own on the sphere (x 20–80 %,
 * y 10–50 %). Derived from the address alone (FNV-1a), whatever its letter case.
 * @example avatarAccent('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266') // { hue: 84, x: 71, y: 23 } (for instance)
 */
export function avatarAccent(address: string): { hue: number; x: number; y: number } {
  const base = Number(/^hsl\((\d+)/.exec(avatarTints(address)[0] ?? '')?.[1] ?? 0)
  const a = hashOf(address, 0x811c9dc5)
  const b = hashOf(address, 0x2f6d1b3b)
  return { hue: (base + 90 + (a % 181)) % 360, x: 20 + (b % 61), y: 10 + ((b >>> 8) % 41) }
}

/** The avatar's CSS background: the five tints as a lit sphere, the accent's highlight where the address puts it. */
export function avatarBackground(address: string): string {
  const [a, b, c, d, e] = avatarTints(address)
  const accent = avatarAccent(address)
  return `radial-gradient(55% 55% at ${accent.x}% ${accent.y}%, hsla(${accent.hue}, 85%, 70%, 0.9) 0%, hsla(${accent.hue}, 85%, 60%, 0) 100%), radial-gradient(75% 75% at 65% 20%, ${e} 0%, ${d} 20%, ${c} 40%, ${b} 60%, ${a} 100%)`
}

/** A generated avatar for an address (no identity image in this build). Decorative: the address is shown beside it. */
export function Avatar({ address, size = 64 }: { address: string; size?: number }) {
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
        background: avatarBackground(address),
      }}
    />
  )
}
