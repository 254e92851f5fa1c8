/**
 * Compiles the ERC-4337 v0.7 contracts of the dev stack with solc-js (the `solc` npm package, pinned) from the audited
 * sources published on npm (`@account-abstraction/contracts@0.7.0`, OpenZeppelin contracts 5), plus this repository's
 * `contracts/SimpleAccount1271.sol` (SimpleAccount with ERC-1271, and its factory), and writes `dev/aa/artifacts.ts`: each contract's ABI `as const` and the bytecode the dev stack needs.
 * `npm run aa:compile` writes the file; `artifacts.test.ts` fails when the checked-in file was compiled from another
 * input (solc, settings, contracts, source package versions: its `inputFingerprint`) or edited since (its
 * `outputFingerprint`), without compiling again. Dev-only.
 *
 * Settings follow the package's own build (eth-infinitism/account-abstraction v0.7.0 `hardhat.config.ts`): optimizer
 * on with 1 000 000 runs everywhere, `viaIR` for `EntryPoint.sol` (its "optimized" override), the legacy pipeline for
 * `SimpleAccountFactory.sol`. Two deliberate differences: the compiler is the pinned solc-js of this repository
 * (0.8.37, the package used 0.8.23) and the EVM version is pinned to cancun (what every anvil of the stack runs), so
 * the bytecode differs from the package's `artifacts/*.json` but comes from the same sources.
 */
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import solc from 'solc'
import { BaseError } from '../../adapters/errors.ts'

const require = createRequire(import.meta.url)

/** The contracts written to the artifacts, their source (an npm path), the compile job and what is kept. */
export const aaContracts = [
  { name: 'EntryPoint', source: '@account-abstraction/contracts/core/EntryPoint.sol', job: 'optimized', keep: ['bytecode'] },
  { name: 'EntryPointSimulations', source: '@account-abstraction/contracts/core/EntryPointSimulations.sol', job: 'optimized', keep: ['deployedBytecode'] },
  { name: 'SimpleAccount1271Factory', source: 'latchkey/dev/aa/contracts/SimpleAccount1271.sol', job: 'default', keep: ['bytecode'] },
  { name: 'SimpleAccount1271', source: 'latchkey/dev/aa/contracts/SimpleAccount1271.sol', job: 'default', keep: [] },
] as const

/** Sources of this repository (prefix `latchkey/`, read from the checkout): the smart account with ERC-1271. */
const localPrefix = 'latchkey/'
const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url))

/** A source's text: `latchkey/…` from the checkout, anything else from node_modules. */
function readSource(path: string): string {
  return readFileSync(path.startsWith(localPrefix) ? `${repositoryRoot}${path.slice(localPrefix.length)}` : require.resolve(path), 'utf8')
}

/** One of {@link aaContracts}' names. */
export type AaContractName = (typeof aaContracts)[number]['name']

/** Where {@link renderAaArtifacts} output is written. */
export const aaArtifactsPath = fileURLToPath(new URL('./artifacts.ts', import.meta.url))

const common = {
  optimizer: { enabled: true, runs: 1_000_000 },
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
} as const

/** solc standard-JSON settings of the two compile jobs (see the module comment for their origin). */
export const aaSolcSettings = {
  optimized: { ...common, viaIR: true },
  default: { ...common, viaIR: false },
} as const

/** One compiled contract. */
export type CompiledAaContract = {
  name: AaContractName
  abi: unknown[]
  /** Creation bytecode, `0x`-prefixed (constructor arguments are appended at deployment). */
  bytecode: `0x${string}`
  /** Runtime bytecode, `0x`-prefixed (immutables left zero). */
  deployedBytecode: `0x${string}`
}

/** What {@link compileAaContracts} returns. */
export type CompileAaContractsReturnType = { solcVersion: string; inputFingerprint: string; contracts: CompiledAaContract[]; warnings: string[] }

/** The npm packages whose published sources the contracts are compiled from (an npm version's files never change). */
const aaSourcePackages = ['@account-abstraction/contracts', '@openzeppelin/contracts'] as const

/** What a compile reads, as {@link aaInputFingerprint} hashes it. */
export type AaCompileInput = { solcVersion: string; settings: unknown; contracts: unknown; packages: string[]; localSources?: Record<string, string> }

/**
 * The compile's input today: solc's version, both jobs' settings, {@link aaContracts}, each source package's
 * `name@version` and the sha256 of each source of this repository.
 */
export function aaCompileInput(): AaCompileInput {
  const packages = aaSourcePackages.map((name) => {
    const { version } = JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')) as { version: string }
    return `${name}@${version}`
  })
  const localSources = Object.fromEntries(
    [...new Set(aaContracts.map((c) => c.source as string).filter((source) => source.startsWith(localPrefix)))].map((source) => [source, createHash('sha256').update(readSource(source)).digest('hex')]),
  )
  return { solcVersion: solc.version() as string, settings: aaSolcSettings, contracts: aaContracts, packages, localSources }
}

/**
 * The fingerprint of everything a compile reads ({@link aaCompileInput}). solc is deterministic, so equal fingerprints
 * give equal artifacts; the artifacts test compares it (milliseconds) instead of compiling again (minutes on a busy
 * 2-core machine).
 *
 * @returns sha256, hex.
 */
export function aaInputFingerprint(input: AaCompileInput = aaCompileInput()): string {
  return createHash('sha256').update(JSON.stringify(input)).digest('hex')
}

/** sha256 (hex) of an artifacts file's text without its `outputFingerprint` line: what that line records. */
export function aaOutputFingerprint(text: string): string {
  return createHash('sha256')
    .update(text.replace(/^export const outputFingerprint = .*\n/m, ''))
    .digest('hex')
}

/** Thrown by {@link compileAaContracts} when solc reports errors; `details` holds solc's formatted messages. */
export class AaCompileError extends BaseError {
  override name = 'AaCompileError'
}

type SolcMessage = { severity: 'error' | 'warning' | 'info'; formattedMessage?: string; message: string }
type SolcOutput = {
  errors?: SolcMessage[]
  contracts?: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>>
}

/** solc's import callback: npm paths (`@openzeppelin/...`, `@account-abstraction/...`) read from node_modules, `latchkey/…` from the checkout. */
function findImport(path: string): { contents: string } | { error: string } {
  try {
    return { contents: readSource(path) }
  } catch {
    return { error: `File not found: ${path}` }
  }
}

/**
 * Compiles {@link aaContracts} with the installed solc-js: one job per settings of {@link aaSolcSettings}, sources
 * keyed by their npm path (so the metadata hash does not depend on the checkout's location). Synchronous; about ten
 * seconds (the `viaIR` job dominates).
 *
 * @returns the solc version, the contracts in {@link aaContracts} order, and the warnings (solc's, deduplicated).
 * @throws AaCompileError when solc reports an error or a contract is missing from its output.
 *
 * @example
 * const { contracts } = compileAaContracts()
 * contracts[0]?.name // 'EntryPoint'
 */
export function compileAaContracts(): CompileAaContractsReturnType {
  const outputs = new Map<string, SolcOutput>()
  const warnings = new Set<string>()
  for (const job of Object.keys(aaSolcSettings) as (keyof typeof aaSolcSettings)[]) {
    const sources = Object.fromEntries(aaContracts.filter((c) => c.job === job).map((c) => [c.source, { content: readSource(c.source) }]))
    const input = { language: 'Solidity', sources, settings: aaSolcSettings[job] }
    const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImport }) as string) as SolcOutput
    const format = (m: SolcMessage) => (m.formattedMessage ?? m.message).trim()
    const errors = (output.errors ?? []).filter((m) => m.severity === 'error').map(format)
    if (errors.length) throw new AaCompileError(`solc reported ${errors.length} error(s) in the ${job} job.`, { details: errors.join('\n\n') })
    for (const m of output.errors ?? []) if (m.severity === 'warning') warnings.add(format(m))
    outputs.set(job, output)
  }
  const contracts = aaContracts.map((c): CompiledAaContract => {
    const compiled = outputs.get(c.job)?.contracts?.[c.source]?.[c.name]
    if (!compiled) throw new AaCompileError(`solc produced no contract ${c.name} from ${c.source}`)
    return { name: c.name, abi: compiled.abi, bytecode: `0x${compiled.evm.bytecode.object}`, deployedBytecode: `0x${compiled.evm.deployedBytecode.object}` }
  })
  return { solcVersion: solc.version() as string, inputFingerprint: aaInputFingerprint(), contracts, warnings: [...warnings] }
}

/** A JavaScript value as TypeScript source in the house style: single quotes, unquoted identifier keys. */
function literal(value: unknown): string {
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value)
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).map(([key, v]) => `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : literal(key)}: ${literal(v)}`)
    return entries.length ? `{ ${entries.join(', ')} }` : '{}'
  }
  throw new TypeError(`Cannot render ${typeof value} as a literal`)
}

const camel = (name: string): string => `${name[0]?.toLowerCase() ?? ''}${name.slice(1)}`

/**
 * The source of `dev/aa/artifacts.ts` for a compile result: per contract `<name>Abi` (`as const`, one ABI item a
 * line) and the bytecode its entry of {@link aaContracts} keeps (`<name>Bytecode`, `<name>DeployedBytecode`), and
 * `solcVersion`. Deterministic.
 *
 * @param result what {@link compileAaContracts} returned.
 * @returns TypeScript source ending in a newline.
 */
export function renderAaArtifacts(result: CompileAaContractsReturnType): string {
  const lines = [
    '/**',
    ` * Generated by \`npm run aa:compile\` (dev/aa/compile.ts) from @account-abstraction/contracts@0.7.0 and`,
    ` * dev/aa/contracts/SimpleAccount1271.sol with solc`,
    ` * ${result.solcVersion}, optimizer on (1 000 000 runs), viaIR for EntryPoint, EVM cancun. Do not edit by hand.`,
    ' */',
    "import type { Hex } from 'viem'",
    '',
    '/** The solc version that produced this file. */',
    `export const solcVersion = ${literal(result.solcVersion)}`,
    '',
    "/** The fingerprint of the compile's input (`aaInputFingerprint()`): solc, settings, contracts, source packages. */",
    `export const inputFingerprint = ${literal(result.inputFingerprint)}`,
  ]
  for (const contract of result.contracts) {
    const id = camel(contract.name)
    const spec = aaContracts.find((c) => c.name === contract.name)
    lines.push('', `/** ABI of \`${contract.name}\` (${spec?.source}). */`, `export const ${id}Abi = [`, ...contract.abi.map((item) => `  ${literal(item)},`), '] as const')
    const keep: readonly string[] = spec?.keep ?? []
    if (keep.includes('bytecode')) lines.push('', `/** Creation bytecode of \`${contract.name}\`. */`, `export const ${id}Bytecode: Hex = ${literal(contract.bytecode)}`)
    if (keep.includes('deployedBytecode')) lines.push('', `/** Runtime bytecode of \`${contract.name}\` (immutables zero). */`, `export const ${id}DeployedBytecode: Hex = ${literal(contract.deployedBytecode)}`)
  }
  // The file's own hash last, so a hand edit of any value above shows (`aaOutputFingerprint`).
  const head = `${lines.join('\n')}\n\n/** sha256 of this file without this line (\`aaOutputFingerprint\`): a hand edit above shows. */\n`
  return `${head}export const outputFingerprint = ${literal(aaOutputFingerprint(head))}\n`
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = compileAaContracts()
  for (const warning of result.warnings) console.warn(warning)
  writeFileSync(aaArtifactsPath, renderAaArtifacts(result))
  console.log(`dev/aa/artifacts.ts written (${result.contracts.map((c) => c.name).join(', ')}; solc ${result.solcVersion})`)
}
