import type { CaipNetwork } from '../../adapters/networks.ts'
import { defaultSdkType, defaultSdkVersion } from '../../services/api.ts'
import { useModalInstance } from '../context.ts'
import { NamespaceGlyph } from './icons.tsx'
import { FallbackImage } from './WalletIcon.tsx'

/** What an asset image URL needs from the options: the directory's base URL and the common query (spec §7). */
export type AssetImageSource = { directoryUrl?: string | undefined; projectId: string; clientId?: string | undefined }

/**
 * The URL of a network's image: the network's own `imageUrl`, else its `imageId` through the wallet
 * directory's `/public/getAssetImage/{id}` with the common query (projectId, st, sv, clientId: spec §7, as
 * `walletImageUrl` of services/directory.ts), else undefined (the namespace's glyph shows).
 * @example networkImageUrl(mainnet, { directoryUrl: 'http://127.0.0.1:8600/directory', projectId: 'p' })
 * // 'http://127.0.0.1:8600/directory/public/getAssetImage/f746…?projectId=p&st=appkit&sv=latchkey-0.1.0'
 */
export function networkImageUrl(network: Pick<CaipNetwork, 'imageUrl' | 'imageId'>, source: AssetImageSource): string | undefined {
  if (network.imageUrl) return network.imageUrl
  if (!network.imageId || !source.directoryUrl) return undefined
  const query = new URLSearchParams({ projectId: source.projectId, st: defaultSdkType, sv: defaultSdkVersion })
  if (source.clientId) query.set('clientId', source.clientId)
  return `${source.directoryUrl.replace(/\/+$/, '')}/public/getAssetImage/${encodeURIComponent(network.imageId)}?${query}`
}

/**
 * A network's icon at a fixed size: its image ({@link networkImageUrl}), loaded lazily, or its namespace's
 * built-in glyph when it has none or the image fails. Decorative (`alt=""`): the network's name is beside it.
 */
export function NetworkIcon({ network, size = 24 }: { network: CaipNetwork; size?: number }) {
  const { options } = useModalInstance()
  const src = networkImageUrl(network, { directoryUrl: options.api?.directoryUrl, projectId: options.projectId, clientId: options.clientId })
  return <FallbackImage src={src} size={size} className="lk-network-icon" lazy fallback={<NamespaceGlyph namespace={network.chainNamespace} size={Math.round(size * 0.75)} />} />
}
