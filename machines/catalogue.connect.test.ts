import { describe, expect, test } from 'vitest'
import type { Connector } from '../adapters/types.ts'
import { allWalletsTag, connectCatalogue, connectConnect, reservedDirectoryRows } from './catalogue.connect.ts'

describe('the catalogue view models before the catalogue machine arrived', () => {
  const installed: Connector = { id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', chain: 'eip155', info: { rdns: 'io.metamask' } }
  const wc: Connector = { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155' }

  test('behavior: AllWallets: the first load under way, no wallets, nothing to page, the typed query kept (trimmed)', () => {
    expect(connectCatalogue(undefined, { rdns: ['io.metamask'], names: ['MetaMask'] }, '  meta ')).toEqual({
      loaded: false,
      items: [],
      featured: [],
      custom: [],
      recommended: [],
      isLoading: true,
      isLoadingMore: false,
      isPageFailed: false,
      hasMore: false,
      isSearching: false,
      query: 'meta',
      count: 0,
      unloaded: 0,
      loadFailed: false,
    })
  })

  test('behavior: Connect: the connectors only (no directory rows); the All Wallets entry counts the installed ones', () => {
    const catalogue = connectCatalogue(undefined, { rdns: [], names: [] })
    for (const view of [connectConnect({ connectors: [wc, installed], recentIds: [], catalogue }), connectConnect({ connectors: [wc, installed], recentIds: [] })]) {
      expect(view.rows.map((r) => r.kind === 'connector' && `${r.group}:${r.connector.id}`)).toEqual(['walletConnect:walletConnect', 'injected:io.metamask'])
      expect(view.sections).toEqual(['wallet'])
      expect(allWalletsTag({ installed: view.installedCount, view: catalogue })).toBe('1')
    }
  })

  test('behavior: on a namespace the directory cannot reach (Solana, Bitcoin) its wallets are not offered, only the installed ones', () => {
    const phantom: Connector = { id: 'app.phantom', name: 'Phantom', type: 'ANNOUNCED', chain: 'solana' }
    const wallet = { id: 'w1', name: 'Pair Wallet', imageUrl: undefined, mobile_link: 'pair://', desktop_link: null, webapp_link: null } as never
    const catalogue = { featured: [wallet], custom: [], recommended: [] }
    const reachable = connectConnect({ connectors: [phantom], recentIds: [], catalogue })
    expect(reachable.rows.map((r) => r.kind)).toEqual(['connector', 'wallet'])
    expect(reachable.directoryReachable).toBe(true)
    const elsewhere = connectConnect({ connectors: [phantom], recentIds: [], catalogue, directoryReachable: false })
    expect(elsewhere.rows.map((r) => (r.kind === 'connector' ? r.connector.id : 'wallet'))).toEqual(['app.phantom'])
    expect(elsewhere.directoryReachable).toBe(false)
  })
})

describe("Connect's room for the directory's rows (spec §2: nothing below them moves when they arrive)", () => {
  const installed: Connector = { id: 'io.metamask', name: 'MetaMask', type: 'ANNOUNCED', chain: 'eip155', info: { rdns: 'io.metamask' } }
  const wc: Connector = { id: 'walletConnect', name: 'WalletConnect', type: 'WALLET_CONNECT', chain: 'eip155' }
  const wallet = (id: string) => ({ id, name: id, mobile_link: null, desktop_link: null, webapp_link: null }) as never
  const awaited = connectCatalogue(undefined, { rdns: [], names: [] })

  test('behavior: the rows kept: four with a directory (every featured one when more), else the custom wallets up to four', () => {
    expect(reservedDirectoryRows({ directory: true, featured: 0, custom: 0 })).toBe(4)
    expect(reservedDirectoryRows({ directory: true, featured: 6, custom: 2 })).toBe(6)
    expect(reservedDirectoryRows({ directory: false, featured: 0, custom: 0 })).toBe(0)
    expect(reservedDirectoryRows({ directory: false, featured: 0, custom: 7 })).toBe(4)
  })

  test('behavior: while the first answer is awaited, the room stands where the first directory group goes; once it answered, after its last row, with no count', () => {
    expect(connectConnect({ connectors: [wc, installed], recentIds: [], catalogue: awaited, pendingRows: 4 }).reserved).toEqual({ at: 2, count: 4 })
    const answered = { ...awaited, isLoading: false, recommended: [wallet('a'), wallet('b')] }
    expect(connectConnect({ connectors: [wc, installed], recentIds: [], catalogue: answered, pendingRows: 4 }).reserved).toEqual({ at: 4, count: 0 })
  })

  test("behavior: the dapp's custom wallets, in before the answer, take their share of the room, which stands after them", () => {
    const withCustom = { ...awaited, custom: [wallet('mine')] }
    expect(connectConnect({ connectors: [wc, installed], recentIds: [], catalogue: withCustom, pendingRows: 4 }).reserved).toEqual({ at: 3, count: 3 })
  })

  test('behavior: no room where the directory cannot reach, or when the order lists no directory group', () => {
    expect(connectConnect({ connectors: [wc, installed], recentIds: [], catalogue: awaited, pendingRows: 4, directoryReachable: false }).reserved.count).toBe(0)
    expect(connectConnect({ connectors: [wc, installed], recentIds: [], catalogue: awaited, pendingRows: 4, order: ['walletConnect', 'injected'] }).reserved.count).toBe(0)
  })
})
