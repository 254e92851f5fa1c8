import { NetworkList } from '../components/NetworkList.tsx'
import { useCopy } from '../copy.ts'
import { useNetwork } from '../hooks.ts'

/** SwitchNetwork (spec §2): the network list with the active one marked; while the wallet confirms, a prompt. */
export default function SwitchNetwork() {
  const copy = useCopy()
  const { isSwitching } = useNetwork()
  return (
    <>
      <NetworkList />
      {/* Under the list (no empty band under the title): its words arrive without moving a row under the finger. */}
      <p className="lk-muted" role="status" style={{ minHeight: '1.4em', marginTop: 8, textAlign: 'center' }}>
        {isSwitching ? copy.approveSwitch : ''}
      </p>
    </>
  )
}
