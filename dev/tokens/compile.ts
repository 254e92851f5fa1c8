/**
 * Compiles the dev token contracts (`dev/tokens/contracts/*.sol`) with solc-js (the `solc` npm package, pinned)
 * and writes `dev/tokens/artifacts.ts`: each contract's ABI `as const` and its creation and runtime bytecode.
 * `npm run tokens:compile` writes the file; `artifacts.test.ts` fails when the checked-in file differs from a
 * fresh compile. Dev-only.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import solc from 'solc'
import { BaseError } from '../../adapters/errors.ts'
import type { DevTokenContract } from './tokens.ts'

/** The contracts compiled, each from `contracts/<name>.sol`. */
export const tokenContracts = ['DevToken', 'DevTetherToken'] as const satisfies readonly DevTokenContract[]

/** Where the sources live (absolute path, trailing slash). */
export const contractsDir = fileURLToPath(new URL('./contracts/', import.meta.url))

/** Where {@link renderArtifacts} output is written. */
export const artifactsPath = fileURLToPath(new URL('./artifacts.ts', import.meta.url))

/**
 * Compiler settings of the solc standard-JSON input. The EVM version is pinned (not the compiler's default), so
 * the bytecode does not change when solc's default does; cancun runs on every anvil of the dev stack.
 */
export const solcSettings = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
} as const

/** One compiled contract. */
export type CompiledContract = {
  name: DevTokenContract
  /** The JSON ABI as solc emits it. */
  abi: unknown[]
  /** Creation bytecode, `0x`-prefixed hex (constructor arguments are appended at deployment). */
  bytecode: `0x${string}`
  /** Runtime bytecode, `0x`-prefixed hex: what `eth_getCode` returns once deployed (no immutables). */
  deployedBytecode: `0x${string}`
}

/** What {@link compileTokenContracts} returns. */
export type CompileTokenContractsReturnType = {
  /** The full solc version, e.g. `0.8.37+commit.f401782d.Emscripten.clang`. */
  solcVersion: string
  contracts: CompiledContract[]
  /** Formatted compiler warnings (none expected). */
  warnings: string[]
}

/** Thrown by {@link compileTokenContracts} when solc reports errors; `details` holds solc's formatted messages. */
export class TokenCompileError extends BaseError {
  override name = 'TokenCompileError'
}

type SolcMessage = { severity: 'error' | 'warning' | 'info'; formattedMessage?: string; message: string }
type SolcOutput = {
  errors?: SolcMessage[]
  contracts?: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>>
}

/**
 * Compiles every contract of {@link tokenContracts} with the installed solc-js, sources keyed by file name
 * (not by absolute path, so the metadata hash at the end of the bytecode does not depend on the checkout's
 * location). Synchronous; takes about a second.
 *
 * @returns the solc version, the compiled contracts in {@link tokenContracts} order and the warnings.
 * @throws TokenCompileError when solc reports an error or a contract is missing from its output.
 *
 * @example
 * const { contracts } = compileTokenContracts()
 * contracts[0]?.bytecode // '0x6080…'
 */
export function compileTokenContracts(): CompileTokenContractsReturnType {
  const sources = Object.fromEntries(tokenContracts.map((name) => [`${name}.sol`, { content: readFileSync(`${contractsDir}${name}.sol`, 'utf8') }]))
  const input = { language: 'Solidity', sources, settings: solcSettings }
  const output = JSON.parse(solc.compile(JSON.stringify(input)) as string) as SolcOutput
  const messages = output.errors ?? []
  const format = (m: SolcMessage) => (m.formattedMessage ?? m.message).trim()
  const errors = messages.filter((m) => m.severity === 'error').map(format)
  if (errors.length) throw new TokenCompileError(`solc reported ${errors.length} error(s).`, { details: errors.join('\n\n') })
  const contracts = tokenContracts.map((name): CompiledContract => {
    const compiled = output.contracts?.[`${name}.sol`]?.[name]
    if (!compiled) throw new TokenCompileError(`solc produced no contract ${name} from ${name}.sol`)
    return { name, abi: compiled.abi, bytecode: `0x${compiled.evm.bytecode.object}`, deployedBytecode: `0x${compiled.evm.deployedBytecode.object}` }
  })
  return { solcVersion: solc.version() as string, contracts, warnings: messages.filter((m) => m.severity === 'warning').map(format) }
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

/** `DevTetherToken` → `devTetherToken`. */
function camel(name: string): string {
  return `${name[0]?.toLowerCase() ?? ''}${name.slice(1)}`
}

/**
 * The source of `dev/tokens/artifacts.ts` for a compile result: per contract `<name>Abi` (`as const`, one ABI
 * item a line), `<name>Bytecode` and `<name>DeployedBytecode` (`Hex`), and `solcVersion`. Deterministic: the
 * same compile gives the same text.
 *
 * @param result what {@link compileTokenContracts} returned.
 * @returns TypeScript source ending in a newline.
 */
export function renderArtifacts(result: CompileTokenContractsReturnType): string {
  const lines = [
    '/**',
    ` * Generated by \`npm run tokens:compile\` (dev/tokens/compile.ts) from dev/tokens/contracts/*.sol with solc`,
    ` * ${result.solcVersion}, optimizer on (200 runs), EVM ${solcSettings.evmVersion}. Do not edit by hand.`,
    ' */',
    "import type { Hex } from 'viem'",
    '',
    '/** The solc version that produced this file. */',
    `export const solcVersion = ${literal(result.solcVersion)}`,
  ]
  for (const contract of result.contracts) {
    const id = camel(contract.name)
    lines.push(
      '',
      `/** ABI of \`${contract.name}\` (dev/tokens/contracts/${contract.name}.sol). */`,
      `export const ${id}Abi = [`,
      ...contract.abi.map((item) => `  ${literal(item)},`),
      '] as const',
      '',
      `/** Creation bytecode of \`${contract.name}\`; the constructor takes \`(address[] holders, uint256 amountEach)\`. */`,
      `export const ${id}Bytecode: Hex = ${literal(contract.bytecode)}`,
      '',
      `/** Runtime bytecode of \`${contract.name}\`: what \`eth_getCode\` returns at a deployed instance. */`,
      `export const ${id}DeployedBytecode: Hex = ${literal(contract.deployedBytecode)}`,
    )
  }
  return `${lines.join('\n')}\n`
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = compileTokenContracts()
  for (const warning of result.warnings) console.warn(warning)
  writeFileSync(artifactsPath, renderArtifacts(result))
  console.log(`dev/tokens/artifacts.ts written (${result.contracts.map((c) => c.name).join(', ')}; solc ${result.solcVersion})`)
}
