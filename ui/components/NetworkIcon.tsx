import type { CaipNetwork } from '../../adapters/networks.ts'
import { defaultSdkType, defaultSdkVersion } from '../../services/api.ts'
import { useModalInstance } from '../context.ts'
import { NamespaceGlyph } from './icons.tsx'
import { TokenGlyph } from './glyphs.connect.tsx'
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
  return network.imageId ? directoryImageUrl('getAssetImage', network.imageId, source) : undefined
}

/**
 * The URL of one of the wallet directory's public image routes (spec §7 `/public/getAssetImage/{id}`,
 * `/public/getCurrencyImage/{id}`) with the common query (projectId, st, sv, clientId); undefined without a directory
 * or for a blank id.
 * @example directoryImageUrl('getCurrencyImage', 'EUR', { directoryUrl: 'http://127.0.0.1:8600/directory', projectId: 'p' })
 * // 'http://127.0.0.1:8600/directory/public/getCurrencyImage/EUR?projectId=p&st=appkit&sv=latchkey-0.1.0'
 */
export function directoryImageUrl(route: 'getAssetImage' | 'getCurrencyImage', id: string, source: AssetImageSource): string | undefined {
  if (!id.trim() || !source.directoryUrl) return undefined
  const query = new URLSearchParams({ projectId: source.projectId, st: defaultSdkType, sv: defaultSdkVersion })
  if (source.clientId) query.set('clientId', source.clientId)
  return `${source.directoryUrl.replace(/\/+$/, '')}/public/${route}/${encodeURIComponent(id.trim())}?${query}`
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

/**
 * A fiat currency's icon (spec §7 `/public/getCurrencyImage/{id}`, e.g. beside the on-ramp's payment currency): the
 * directory's image of the ISO 4217 code, or a coin glyph without a directory or when the image fails. Decorative
 * (`alt=""`): the code is written beside it.
 */
export function CurrencyIcon({ code, size = 24 }: { code: string; size?: number }) {
  const { options } = useModalInstance()
  const src = directoryImageUrl('getCurrencyImage', code, { directoryUrl: options.api?.directoryUrl, projectId: options.projectId, clientId: options.clientId })
  return <FallbackImage src={src} size={size} className="lk-network-icon" lazy={false} fallback={<TokenGlyph size={Math.round(size * 0.75)} />} />
}
