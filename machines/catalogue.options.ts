import * as v from 'valibot'
import { imageUrl, nonEmptyString, refuse } from '../kernel/optionChecks.ts'
import { preview } from '../kernel/urls.ts'
import { connectorTypeOrder, type ConnectorTypeOrderItem } from './catalogue.order.ts'
import type { FeatureOptions } from './features.ts'
import type { OptionsDeclaredBy } from './manifests.ts'

/** The wallet catalogue's keys of `createModal`'s options (spec §6, §9): which wallets Connect and AllWallets list, and how. */
export type CatalogueModalOptions = {
  /** Wallet ids shown first in AllWallets (page size = their number). */
  featuredWalletIds?: string[]
  /** Only these wallet ids are listed. */
  includeWalletIds?: string[]
  /** These wallet ids are never listed. */
  excludeWalletIds?: string[]
  /** Wallets the dapp adds itself (spec §6), listed after the featured ones. */
  customWallets?: Array<{ id: string; name: string; homepage?: string; imageUrl?: string; mobile_link?: string; desktop_link?: string; webapp_link?: string }>
  /**
   * The order of Connect's wallet groups (spec §9 connectorTypeOrder). Default `['walletConnect', 'recent', 'injected',
   * 'featured', 'custom', 'external', 'recommended']`: WalletConnect, recent wallets, installed (announced and injected)
   * wallets, the directory's featured wallets, `customWallets`, a custom adapter's other connectors, the directory's
   * recommended wallets. A group left out is not shown; each may appear once.
   * @example connectorTypeOrder: ['recent', 'injected', 'walletConnect', 'featured', 'custom', 'external', 'recommended']
   */
  connectorTypeOrder?: readonly ConnectorTypeOrderItem[]
}

const ids = v.optional(v.array(nonEmptyString))
/** A wallet link's type only: what it may open is the link policy's (adapters/links.ts), applied where it is used. */
const walletLink = v.nullish(v.string())
const customWalletShape = v.looseObject({
  id: nonEmptyString,
  name: nonEmptyString,
  homepage: walletLink,
  imageUrl: v.nullish(imageUrl),
  mobile_link: walletLink,
  desktop_link: walletLink,
  webapp_link: walletLink,
})

/**
 * The catalogue's options: wallet id lists of non-empty strings; `customWallets` entries with a non-empty `id` and
 * `name`, unique ids, an image URL (http(s) or data:image/…) and links that are strings (opened only through the link
 * policy of `adapters/links.ts`); `connectorTypeOrder` spec §9's group names, each at most once.
 * @throws InvalidOptionsError naming the option (`options.customWallets[1].id: duplicate wallet id`).
 */
export const catalogueOptions: FeatureOptions<OptionsDeclaredBy<'catalogue'>> = {
  schemas: {
    featuredWalletIds: ids,
    includeWalletIds: ids,
    excludeWalletIds: ids,
    customWallets: v.optional(v.array(customWalletShape)),
    connectorTypeOrder: v.optional(
      v.pipe(
        v.array(v.picklist(connectorTypeOrder, (issue) => `Invalid connector type: expected one of ${connectorTypeOrder.join(', ')} but received ${preview(issue.input)}`)),
        v.check((list) => new Set(list).size === list.length, 'Duplicate connector type'),
      ),
    ),
  },
  check(o) {
    // Run before the shapes: a list whose ids are not all strings is left to them.
    const wallets = v.safeParse(v.array(v.looseObject({ id: v.string() })), o.customWallets)
    if (!wallets.success) return
    const seen = new Map<string, number>()
    wallets.output.forEach((w, i) => {
      const first = seen.get(w.id)
      if (first !== undefined) refuse(['customWallets', i, 'id'], 'duplicate wallet id', `${preview(w.id)} is also options.customWallets[${first}].`)
      seen.set(w.id, i)
    })
  },
}
