// @vitest-environment happy-dom
import { renderHook, waitFor as waitForHook } from '@testing-library/react'
import { createElement, type ReactNode } from 'react'
import { afterEach, describe, expect, inject, test, vi } from 'vitest'
import { createEip155Adapter } from '../../adapters/eip155.ts'
import { defineEvmNetwork } from '../../adapters/networks.ts'
import { announceDevWallet, DevWallet } from '../../dev/wallet/index.ts'
import { createMemoryStorage } from '../../services/storage.ts'
import { waitFor } from '../../tests/harness/waitFor.ts'
import { ModalContext } from '../context.ts'
import { createModal } from '../createModal.ts'
import { CallsStatusUnknownError } from '../index.ts'
import { useCallsStatus, useCapabilities, useSendCalls } from './calls.ts'

/**
 * The batched-calls hooks on a real modal and the dev wallet on anvil: `useCapabilities` reads the connected wallet's
 * EIP-5792 capabilities per account and chain, `useCallsStatus` follows a batch to its end.
 */
const rpc = inject('anvilRpc1')
const anvil = defineEvmNetwork({ id: 31337, name: 'Anvil Local', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrl: rpc, testnet: true })

const cleanups: Array<() => void> = []
afterEach(() => cleanups.splice(0).forEach((c) => c()))

function setup() {
  const wallet = new DevWallet({ chains: [{ chainId: 31337, name: 'Anvil Local', rpcUrl: rpc }], storage: createMemoryStorage(), autoApprove: true })
  const unannounce = announceDevWallet(wallet, { rdns: 'dev.latchkey.wallet' })
  const modal = createModal({ projectId: 'p', networks: [anvil], storage: createMemoryStorage(), adapter: createEip155Adapter({ window }), walletConnect: false })
  cleanups.push(() => modal.destroy(), unannounce)
  const wrapper = ({ children }: { children?: ReactNode }) => createElement(ModalContext.Provider, { value: modal }, children)
  const connect = async () => {
    modal.open()
    modal.actor.send({ type: 'app.selectWallet', connectorId: 'dev.latchkey.wallet' })
    await waitFor(() => expect(modal.getState().account.status).toBe('connected'))
  }
  return { wallet, modal, wrapper, connect }
}

describe('useCapabilities', () => {
  test("behavior: undefined while no wallet is connected; once connected, the chain's capabilities (or every chain's)", async () => {
    const { wrapper, connect, modal } = setup()
    const getCapabilities = vi.spyOn(modal, 'getCapabilities')
    const one = renderHook(() => useCapabilities({ chainId: 31337 }), { wrapper })
    const all = renderHook(() => useCapabilities(), { wrapper })
    expect(one.result.current).toBeUndefined()
    expect(all.result.current).toBeUndefined()
    expect(getCapabilities).not.toHaveBeenCalled()
    await connect()
    await waitForHook(() => expect(one.result.current).toEqual({ atomic: { status: 'unsupported' } }))
    await waitForHook(() => expect(all.result.current).toMatchObject({ '0x7a69': { atomic: { status: 'unsupported' } } }))
  })

  test('behavior: disconnected again, it is undefined; a wallet without the method answers {}', async () => {
    const { wrapper, connect, modal, wallet } = setup()
    wallet.calls.mode = 'unsupported'
    await connect()
    const { result } = renderHook(() => useCapabilities({ chainId: 31337 }), { wrapper })
    await waitForHook(() => expect(result.current).toEqual({}))
    await modal.disconnect()
    await waitForHook(() => expect(result.current).toBeUndefined())
  })
})

describe('useCallsStatus', () => {
  test('hostile: a batch whose status cannot be read ends with CallsStatusUnknownError, no longer pending', async () => {
    const { wrapper, connect, wallet } = setup()
    await connect()
    const request = wallet.request.bind(wallet)
    vi.spyOn(wallet, 'request').mockImplementation((args) => (args.method === 'wallet_getCallsStatus' ? Promise.resolve('all good') : request(args)))
    const send = renderHook(() => useSendCalls(), { wrapper })
    const { id } = await send.result.current.sendCalls({ calls: [{ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: 1n }] })
    const { result } = renderHook(() => useCallsStatus(id), { wrapper })
    await waitForHook(() => expect(result.current.error).toBeInstanceOf(CallsStatusUnknownError))
    expect(result.current.isPending).toBe(false)
  })
})
