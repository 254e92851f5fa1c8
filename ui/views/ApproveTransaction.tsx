import { useLayoutEffect, useRef } from 'react'
import { setApprovalSlot } from '../approvalSlot.ts'
import { useCopy } from '../copy.ts'

/**
 * ApproveTransaction (spec §2): the embedded wallet's unsafe request on the transaction stack. The modal
 * shows its header ("Approve Transaction") and this body: a slot the secure site's frame is positioned over
 * (`ui/approvalSlot.ts`), where the frame itself shows what is signed and its Reject / Approve buttons, on its own
 * origin. Until the frame is placed, the slot says the request waits for the embedded wallet.
 */
export default function ApproveTransaction() {
  const copy = useCopy()
  const ref = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    setApprovalSlot(ref.current)
    return () => setApprovalSlot(null)
  }, [])
  return (
    <div ref={ref} data-testid="approve-transaction-slot" className="lk-center" style={{ height: 'var(--lk-approval-height, 320px)', justifyContent: 'center', padding: 0 }}>
      <p style={{ margin: 0, color: 'var(--lk-muted)' }}>{copy.approveTransactionWaiting}</p>
    </div>
  )
}
