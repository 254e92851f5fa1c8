/**
 * The config of `latchkey-testing generate`: the dapp's page, the modal options that page uses and which charts to
 * generate journeys for. Read once at the boundary with valibot; a bad field is a {@link GenerateConfigError} naming it.
 *
 * ```json
 * {
 *   "url": "/",
 *   "charts": ["connection", "network", "siwx", "send"],
 *   "networks": [{ "chainId": 31337, "name": "Anvil Local" }, { "chainId": 31338, "name": "Anvil Local 2" }],
 *   "siwx": { "url": "/?siwx", "required": false },
 *   "rpcUrl": "http://127.0.0.1:8545"
 * }
 * ```
 */
import * as v from 'valibot'
import { GenerateConfigError } from '../errors.ts'
import { TEST_WALLET_NAME } from '../wallet/testWallet.ts'

/** The charts the generator knows. */
export const CHARTS = ['connection', 'network', 'siwx', 'send'] as const
export type ChartName = (typeof CHARTS)[number]
/** The charts generated when the config names none (`send` needs the page to read the kit's blockchain API). */
const DEFAULT_CHARTS: ChartName[] = ['connection', 'network', 'siwx']

const path = v.pipe(v.string(), v.regex(/^(\/|https?:\/\/)\S*$/, 'must be a path starting with / or an http(s) URL'))
const schema = v.strictObject({
  /** The dapp's page the journeys open (a path against Playwright's `baseURL`, or a URL), with no sign-in prompt. */
  url: path,
  /** The charts to generate (default connection, network and siwx; `send` when the page reads `latchkeyTestBlockchainUrl`). */
  charts: v.optional(v.pipe(v.array(v.picklist(CHARTS, `must be one of ${CHARTS.join(', ')}`)), v.minLength(1, 'must name at least one chart')), [...DEFAULT_CHARTS]),
  /** The name the test wallet announces (default the kit's `Test Wallet`). */
  walletName: v.optional(v.pipe(v.string(), v.minLength(1, 'must not be empty')), TEST_WALLET_NAME),
  /** The page's EVM networks in the order of its `networks` option: chain id and name as the modal shows it. */
  networks: v.pipe(
    v.array(v.strictObject({ chainId: v.pipe(v.number('must be a number'), v.integer('must be an integer'), v.minValue(1, 'must be positive')), name: v.pipe(v.string(), v.minLength(1, 'must not be empty')) })),
    v.minLength(1, 'must list the page’s first network at least'),
  ),
  /** The page's sign-in: `false` without `siwx`; else the page that has it (default `url`) and whether it is required. */
  siwx: v.optional(v.union([v.literal(false), v.strictObject({ url: v.optional(path), required: v.optional(v.boolean(), false) })]), false),
  /** An existing node for the `chain` fixture (default: the fixture's anvil, or LATCHKEY_TEST_RPC_URL). */
  rpcUrl: v.optional(v.pipe(v.string(), v.url('must be a URL'), v.regex(/^https?:/, 'must be http(s)'))),
})

/** The config after its defaults. */
export type GenerateConfig = v.InferOutput<typeof schema>

/** `issue.path` as `networks[0].chainId`. */
function fieldOf(issue: v.BaseIssue<unknown>): string {
  const keys = (issue.path ?? []).map((item) => item.key as string | number)
  return keys.reduce<string>((out, key) => (typeof key === 'number' ? `${out}[${key}]` : out ? `${out}.${key}` : key), '') || '(config)'
}

/**
 * Reads a config (the parsed JSON of `latchkey-testing.config.json`).
 * @throws GenerateConfigError naming the first bad field (`field`), with what was wrong; also when `network` is asked
 *   with one network (a switch needs two) or `siwx` with no `siwx` on the page.
 */
export function parseConfig(input: unknown): GenerateConfig {
  const result = v.safeParse(schema, input)
  if (!result.success) {
    const issue = result.issues[0]
    const received = issue.input === undefined ? 'nothing' : JSON.stringify(issue.input)
    throw new GenerateConfigError(fieldOf(issue), `${issue.message}; received ${received}`)
  }
  const config = result.output
  if (config.charts.includes('network') && config.networks.length < 2) throw new GenerateConfigError('networks', 'the network chart switches between networks: list two or more')
  if (config.charts.includes('siwx') && config.siwx === false) throw new GenerateConfigError('siwx', 'the siwx chart needs the page’s sign-in: { "url": …, "required": … }')
  return config
}
