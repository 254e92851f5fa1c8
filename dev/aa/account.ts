/**
 * The ERC-4337 v0.7 contracts of the dev stack (addresses on both anvil chains) and the viem smart account for
 * `SimpleAccount1271` (eth-infinitism's `SimpleAccount` with ERC-1271, `contracts/SimpleAccount1271.sol`; owned by one
 * EOA, created by `SimpleAccount1271Factory`). Browser-safe: the secure site's frame builds user operations with
 * {@link toDevSimpleAccount}. Dev-only.
 */
import { encodeAbiParameters, encodeFunctionData, decodeFunctionData, hashMessage, hashTypedData, keccak256, parseAbi } from 'viem'
import type { Address, Hash, Hex, LocalAccount, PublicClient } from 'viem'
import { entryPoint07Abi, getUserOperationHash, toSmartAccount } from 'viem/account-abstraction'
import { readContract } from 'viem/actions'
import { BaseError } from '../../adapters/errors.ts'

/** The anvil dev account (`mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 5 })`) that deploys the contracts and runs the bundler. */
export const AA_DEPLOYER_INDEX = 5

/** Address of anvil dev account 5 (funded by anvil at genesis). */
export const AA_DEPLOYER: Address = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc'

/** EntryPoint v0.7 on both dev chains: the deployer's transaction at nonce 0 (not the mainnet address `0x0000000071727De22E5E9d8BAf0edAc6f37da032`). */
export const ENTRY_POINT_ADDRESS: Address = '0x0116686E2291dbd5e317F47faDBFb43B599786Ef'

/**
 * `SimpleAccount1271Factory` (of the EntryPoint above) on both dev chains: the deployer's transaction at nonce 1. Its
 * `createAccount(owner, salt)` and `getAddress(owner, salt)` are SimpleAccountFactory's.
 */
export const SIMPLE_ACCOUNT_FACTORY_ADDRESS: Address = '0x9bAaB117304f7D6517048e371025dB8f89a8DbE5'

/** The EntryPoint as viem's `entryPoint` parameter of smart accounts and bundler actions. */
export const devEntryPoint = { abi: entryPoint07Abi, address: ENTRY_POINT_ADDRESS, version: '0.7' } as const

/** The functions of `SimpleAccount1271` and its factory the account uses (SimpleAccount v0.7's, plus ERC-1271). */
export const simpleAccountAbi = parseAbi([
  'function execute(address dest, uint256 value, bytes func)',
  'function executeBatch(address[] dest, uint256[] value, bytes[] func)',
  'function owner() view returns (address)',
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
  'function replaySafeHash(bytes32 hash) view returns (bytes32)',
])
export const simpleAccountFactoryAbi = parseAbi(['function createAccount(address owner, uint256 salt) returns (address)', 'function getAddress(address owner, uint256 salt) view returns (address)'])

/**
 * A well-formed signature nobody made (r = 0xff…f0…0, s below half the curve order, v = 28): `SimpleAccount`
 * recovers some address from it without reverting, so gas estimation runs the whole validation (which then
 * reports a signature failure, ignored when estimating).
 */
export const SIMPLE_ACCOUNT_STUB_SIGNATURE: Hex = '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'

/** Parameters of {@link replaySafeHash}. */
export type ReplaySafeHashParameters = { hash: Hash; account: Address; chainId: number }

/**
 * What the owner signs (EIP-191) for the account to sign `hash` under ERC-1271: `keccak256(abi.encode(hash, account,
 * chainId))`, the contract's `replaySafeHash` (so the owner's own signature of a message is not the account's, and an
 * owner's accounts on other salts or chains cannot replay each other's).
 *
 * @example
 * replaySafeHash({ hash: hashMessage('hello'), account, chainId: 31337 })
 */
export function replaySafeHash({ hash, account, chainId }: ReplaySafeHashParameters): Hash {
  return keccak256(encodeAbiParameters([{ type: 'bytes32' }, { type: 'address' }, { type: 'uint256' }], [hash, account, BigInt(chainId)]))
}

/** Parameters of {@link toDevSimpleAccount}. */
export type ToDevSimpleAccountParameters = {
  /** A client of the chain (reads the counterfactual address and nonces). */
  client: PublicClient
  /** The EOA owning the account: a local account (signs the user operation hash as a personal message). */
  owner: LocalAccount
  /** `createAccount`'s salt (default 0: one account per owner). */
  salt?: bigint
  /** The account address when already known (skips the factory's `getAddress` call). */
  address?: Address
}

/** What {@link toDevSimpleAccount} resolves to. */
export type DevSimpleAccount = Awaited<ReturnType<typeof toDevSimpleAccount>>

/**
 * The viem smart account of a `SimpleAccount1271` owned by `owner`, at the address the dev factory gives
 * (`getAddress(owner, salt)`), counterfactual until its first user operation deploys it through `createAccount`.
 * Calls are encoded as `execute` (one) or `executeBatch` (several); the user operation hash is signed by the owner
 * as an EIP-191 message (what `SimpleAccount._validateSignature` recovers). Messages and typed data are signed for
 * ERC-1271 (the owner's EIP-191 signature of {@link replaySafeHash}); while the account is not deployed viem wraps
 * that signature for ERC-6492 (the factory and its `createAccount` call), so verifiers such as viem's `verifyHash`
 * accept it before and after deployment.
 *
 * @param parameters see {@link ToDevSimpleAccountParameters}.
 * @returns the smart account for viem's bundler actions (`sendUserOperation`, `prepareUserOperation`, …).
 * @throws viem errors when the factory cannot be read.
 *
 * @example
 * const account = await toDevSimpleAccount({ client, owner: privateKeyToAccount(key) })
 * await bundler.sendUserOperation({ account, calls: [{ to, value: parseEther('1') }] })
 */
export async function toDevSimpleAccount(parameters: ToDevSimpleAccountParameters) {
  const { client, owner, salt = 0n } = parameters
  const entryPoint = devEntryPoint
  return toSmartAccount({
    client,
    entryPoint,
    async decodeCalls(data) {
      const result = decodeFunctionData({ abi: simpleAccountAbi, data })
      if (result.functionName === 'execute') return [{ to: result.args[0], value: result.args[1], data: result.args[2] }]
      if (result.functionName === 'executeBatch') return result.args[0].map((to, i) => ({ to, value: result.args[1][i] ?? 0n, data: result.args[2][i] ?? '0x' }))
      throw new BaseError(`Cannot decode calls of ${result.functionName}`)
    },
    async encodeCalls(calls) {
      const [only] = calls
      if (calls.length === 1 && only) return encodeFunctionData({ abi: simpleAccountAbi, functionName: 'execute', args: [only.to, only.value ?? 0n, only.data ?? '0x'] })
      return encodeFunctionData({
        abi: simpleAccountAbi,
        functionName: 'executeBatch',
        args: [calls.map((c) => c.to), calls.map((c) => c.value ?? 0n), calls.map((c) => c.data ?? '0x')],
      })
    },
    async getAddress() {
      if (parameters.address) return parameters.address
      return readContract(client, { address: SIMPLE_ACCOUNT_FACTORY_ADDRESS, abi: simpleAccountFactoryAbi, functionName: 'getAddress', args: [owner.address, salt] })
    },
    async getFactoryArgs() {
      return { factory: SIMPLE_ACCOUNT_FACTORY_ADDRESS, factoryData: encodeFunctionData({ abi: simpleAccountFactoryAbi, functionName: 'createAccount', args: [owner.address, salt] }) }
    },
    async getStubSignature() {
      return SIMPLE_ACCOUNT_STUB_SIGNATURE
    },
    // ERC-1271 (SimpleAccount1271.isValidSignature): the owner signs the hash bound to this account and chain.
    async signMessage({ message }) {
      const account = await this.getAddress()
      return owner.signMessage({ message: { raw: replaySafeHash({ hash: hashMessage(message), account, chainId: await chainIdOf(client) }) } })
    },
    async signTypedData(typedData) {
      const account = await this.getAddress()
      const hash = hashTypedData(typedData as Parameters<typeof hashTypedData>[0])
      return owner.signMessage({ message: { raw: replaySafeHash({ hash, account, chainId: await chainIdOf(client) }) } })
    },
    async signUserOperation(userOperation) {
      const { chainId = client.chain?.id ?? 0, ...rest } = userOperation
      const sender = await this.getAddress()
      const hash = getUserOperationHash({ chainId, entryPointAddress: entryPoint.address, entryPointVersion: entryPoint.version, userOperation: { ...rest, sender } })
      return owner.signMessage({ message: { raw: hash } })
    },
  })
}

/** The client's chain id: its chain's, else asked of the node. */
async function chainIdOf(client: PublicClient): Promise<number> {
  return client.chain?.id ?? client.getChainId()
}
