import { NetworkList } from '../components/NetworkList.tsx'
import { useCopy } from '../copy.ts'
import { useNetwork } from '../hooks.ts'

/** UnsupportedChain (spec §2): the wallet is on a chain the dapp did not configure; pick a supported one. */
export default function UnsupportedChain() {
  const copy = useCopy()
  const { isSwitching } = useNetwork()
  return (
    <>
      <p className="lk-muted" style={{ marginBottom: 12 }}>
        {copy.unsupportedHint}
      </p>
      <p className="lk-muted" role="status" style={{ minHeight: '1.4em', textAlign: 'center' }}>
        {isSwitching ? copy.approveSwitch : ''}
      </p>
      <NetworkList />
    </>
  )
}
