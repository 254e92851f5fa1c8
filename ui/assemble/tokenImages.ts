import type { TokenBalance } from '../../services/schemas.ts'
import type { FeatureHost } from './host.ts'

/*
 * Token images from the wallet directory (spec §7 `/public/getTokenImage/{id}`) for the tokens that have no icon of their
 * own: asked when a token list is loaded (Account, Send), never before the modal opens.
 */
/** The image types an `<img>` here shows from a data: URI (`kernel/urls.ts` isImageUrl). */
const imageTypes = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/svg+xml'])

/**
 * An image blob as a `data:` URI for `<img src>` (the views show only data: and http(s) images), or undefined when the
 * blob is not one of the image types shown (png, jpeg, gif, webp, svg).
 * @example await imageDataUri(new Blob(['<svg/>'], { type: 'image/svg+xml' })) // 'data:image/svg+xml;base64,PHN2Zy8+'
 */
export async function imageDataUri(blob: Blob): Promise<string | undefined> {
  const type = blob.type.split(';')[0]!.trim().toLowerCase()
  if (!imageTypes.has(type)) return undefined
  const bytes = new Uint8Array(await blob.arrayBuffer())
  let binary = ''
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000))
  return `data:${type};base64,${btoa(binary)}`
}

/** A token's image by its symbol, as a data: URI; undefined when there is none. */
export type TokenImageSource = (symbol: string) => Promise<string | undefined>

/**
 * The directory's token images (spec §7 `/public/getTokenImage/{id}`) for this instance: each symbol asked once through
 * the directory client (its answer kept, a failure forgotten so a later load asks again); undefined without a directory,
 * for a blank symbol, or when the directory has no image of it.
 */
export function directoryTokenImages(host: Pick<FeatureHost, 'directory'>): TokenImageSource {
  const asked = new Map<string, Promise<string | undefined>>()
  return (symbol) => {
    const id = symbol.trim().toUpperCase()
    const pending = id ? host.directory() : undefined
    if (!pending) return Promise.resolve(undefined)
    let image = asked.get(id)
    if (!image) {
      image = pending.then((d) => d.getTokenImage({ id })).then(imageDataUri)
      image.catch(() => asked.delete(id))
      asked.set(id, image)
    }
    return image.catch(() => undefined)
  }
}

/**
 * Gives each token without an icon of its own (`iconUrl`) the directory's image of its symbol (spec §7), so Account,
 * Send and their token lists show it instead of the coin glyph; a token the directory has no image of is left as it is.
 * Order and every other field are kept.
 * @example await withTokenImages([{ symbol: 'BTC', … }], images) // [{ symbol: 'BTC', iconUrl: 'data:image/svg+xml;base64,…', … }]
 */
export async function withTokenImages(tokens: readonly TokenBalance[], images: TokenImageSource): Promise<TokenBalance[]> {
  return Promise.all(
    tokens.map(async (token) => {
      if (token.iconUrl) return token
      const iconUrl = await images(token.symbol)
      return iconUrl ? { ...token, iconUrl } : token
    }),
  )
}
