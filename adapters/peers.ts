/**
 * The optional SDKs: `@solana/web3.js` (Solana), `bitcoinjs-lib` and `@bitcoinerlab/secp256k1`
 * (Bitcoin), `@walletconnect/universal-provider` (WalletConnect) are optional peer dependencies of the package. A dapp
 * installs the ones of the namespaces it configures; they are only ever loaded with `import()` on first use, through
 * {@link loadPeer}, which turns a missing package into a {@link MissingPeerDependencyError} naming what to install.
 *
 * A missing optional peer looks different per bundler: Vite resolves it to an empty module (`export default {}` in a
 * build, a module that throws in dev); Node rejects the import; webpack and Turbopack build an `import()` written inside
 * a `try` block as optional (no build error, the import rejects at run time), so every SDK import is written in one.
 */
import { BaseError } from './errors.ts'

/** The optional peer dependencies of each feature that needs one, in the order to install them. */
export const optionalPeers = {
  solana: ['@solana/web3.js'],
  bip122: ['bitcoinjs-lib', '@bitcoinerlab/secp256k1'],
  walletConnect: ['@walletconnect/universal-provider'],
} as const

export type OptionalPeerFeature = keyof typeof optionalPeers

const featureNames: Record<OptionalPeerFeature, string> = {
  solana: 'The solana namespace',
  bip122: 'The bip122 (Bitcoin) namespace',
  walletConnect: 'WalletConnect',
}

/**
 * A feature the dapp configured needs an optional peer dependency that is not installed (or whose code could not be
 * fetched). `packages` lists what to install.
 * @example
 * // 'The solana namespace needs @solana/web3.js: npm install @solana/web3.js'
 * err instanceof MissingPeerDependencyError && err.packages // ['@solana/web3.js']
 */
export class MissingPeerDependencyError extends BaseError {
  static override docsPath = '/errors/MissingPeerDependencyError'
  override name = 'MissingPeerDependencyError'
  /** The packages to install. */
  readonly packages: readonly string[]
  /** The feature that needs them: `solana`, `bip122` or `walletConnect`. */
  readonly feature: OptionalPeerFeature
  constructor(feature: OptionalPeerFeature, args: { cause?: unknown } = {}) {
    const packages = optionalPeers[feature]
    super(`${featureNames[feature]} needs ${packages.join(' and ')}: npm install ${packages.join(' ')}`, {
      ...(args.cause !== undefined ? { cause: args.cause } : {}),
      metaMessages: ['It is an optional peer dependency of latchkey, installed by the dapp that uses it.', 'If it is installed, its code could not be fetched: see `cause`.'],
    })
    this.packages = packages
    this.feature = feature
  }
}

/**
 * Loads an optional SDK: `load()` (an `import()`), and `present(module)` must find the export it needs, else the package
 * is missing (Vite's empty stand-in module). Any failure becomes {@link MissingPeerDependencyError}.
 * @example const web3 = await loadPeer('solana', () => import('@solana/web3.js'), (m) => typeof m.Connection === 'function')
 */
export async function loadPeer<T>(feature: OptionalPeerFeature, load: () => Promise<T>, present: (module: T) => boolean): Promise<T> {
  let module: T
  try {
    module = await load()
  } catch (cause) {
    throw cause instanceof MissingPeerDependencyError ? cause : new MissingPeerDependencyError(feature, { cause })
  }
  let ok = false
  try {
    ok = present(module)
  } catch {
    ok = false
  }
  if (!ok) throw new MissingPeerDependencyError(feature)
  return module
}

/**
 * Some SDKs (WalletConnect's dependencies) read Node's `global` in the browser. The package sets `globalThis.global`
 * (to `globalThis`, only when absent) just before such an SDK is imported, so no dapp needs a `global` define in its
 * bundler. Done on first use of that SDK, never when the page loads.
 */
export function provideNodeGlobal(): void {
  const scope = globalThis as { global?: unknown }
  if (scope.global === undefined) scope.global = globalThis
}
