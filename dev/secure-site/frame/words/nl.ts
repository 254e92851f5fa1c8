import type { FrameWords } from './en.ts'
import { pluralOf } from '../../../../ui/i18n/forms.ts'

const plural = pluralOf('nl')

/** The frame page's Dutch words (the keys of `en.ts`). */
const words: FrameWords = {
  badge: 'Ingebouwde wallet · beveiligde site',
  signMessage: 'Bericht ondertekenen',
  signTypedData: 'Gestructureerde gegevens ondertekenen',
  grantPermissions: 'Machtigingen verlenen',
  sendTransaction: 'Transactie verzenden',
  signTransaction: 'Transactie ondertekenen',
  signTransactions: (count: number) => plural(count, { one: `${count} transactie ondertekenen`, other: `${count} transacties ondertekenen` }),
  requestedBy: 'Aangevraagd door',
  network: 'Netwerk',
  until: 'Tot',
  to: 'Aan',
  value: 'Waarde',
  amount: 'Bedrag',
  feePayer: 'Betaler van de kosten',
  newContract: 'Nieuw contract',
  data: (data: string) => `Gegevens: ${data}`,
  unreadable: 'Geen leesbare transactie',
  transfer: (amount: string, to: string) => `${amount} overmaken naar ${to}`,
  program: (program: string, bytes: number) => `Programma ${program} (${bytes} bytes aan gegevens)`,
  sendCalls: (count: number) => plural(count, { one: `${count} aanroep samen verzenden`, other: `${count} aanroepen samen verzenden` }),
  call: (index: number) => `Aanroep ${index}`,
  callData: (index: number, data: string) => `Gegevens van aanroep ${index}: ${data}`,
  message: 'Bericht',
  details: 'Details',
  reject: 'Weigeren',
  approve: 'Goedkeuren',
}

export default words
