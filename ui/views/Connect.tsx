import { useConnectCopy } from '../copy.connect.ts'
import { useFeatures, useSend } from '../hooks.ts'
import { connectFoot, connectMethod } from '../slots.connect.ts'
import { entryLabel } from '../slots.labels.ts'

/**
 * Connect (spec §2, §9): the ways of connecting, then the links under them, both from the features' entries
 * (`ui/slots.connect.ts`). The `connect.methods` entry of the wallet method (the wallet list, the catalogue's) arranges
 * the sections in the connect method order and renders the others (the email field, the social buttons) through
 * `Method`; the foot shows the features' `connect.foot` links ("New to wallets?" leads to What is a wallet?).
 */
export function Connect() {
  const Wallets = connectMethod('wallet')
  return (
    <>
      {Wallets ? <Wallets Method={ConnectMethod} /> : null}
      <ConnectFoot />
    </>
  )
}

/** The links under the ways of connecting, from the features' `connect.foot` entries ('New to wallets?'). */
function ConnectFoot() {
  const copy = useConnectCopy()
  const send = useSend()
  const links = connectFoot(useFeatures())
  if (links.length === 0) return null
  return (
    <p className="lk-foot">
      {links.map((link) => (
        <button key={link.feature} type="button" className="lk-link" onClick={() => send({ type: 'app.push', view: link.view })}>
          {entryLabel(copy, link.label)}
        </button>
      ))}
    </p>
  )
}

/** A connect method's section other than the wallet list: its feature's component (nothing when no feature provides it). */
function ConnectMethod({ method }: { method: string }) {
  const Method = connectMethod(method)
  return Method ? <Method Method={ConnectMethod} /> : null
}
