import type { FrameWords } from './en.ts'
import { pluralOf } from '../../../../ui/i18n/forms.ts'

const plural = pluralOf('de')

/** The frame page's German words (the keys of `en.ts`). */
const words: FrameWords = {
  badge: 'Eingebettete Wallet · sichere Seite',
  signMessage: 'Nachricht signieren',
  signTypedData: 'Strukturierte Daten signieren',
  grantPermissions: 'Berechtigungen erteilen',
  sendTransaction: 'Transaktion senden',
  signTransaction: 'Transaktion signieren',
  signTransactions: (count: number) => plural(count, { one: `${count} Transaktion signieren`, other: `${count} Transaktionen signieren` }),
  requestedBy: 'Angefragt von',
  network: 'Netzwerk',
  until: 'Bis',
  to: 'An',
  value: 'Wert',
  amount: 'Betrag',
  feePayer: 'Gebührenzahler',
  newContract: 'Neuer Vertrag',
  data: (data: string) => `Daten: ${data}`,
  unreadable: 'Keine lesbare Transaktion',
  transfer: (amount: string, to: string) => `${amount} an ${to} überweisen`,
  program: (program: string, bytes: number) => `Programm ${program} (${bytes} Byte Daten)`,
  sendCalls: (count: number) => plural(count, { one: `${count} Aufruf gemeinsam senden`, other: `${count} Aufrufe gemeinsam senden` }),
  call: (index: number) => `Aufruf ${index}`,
  callData: (index: number, data: string) => `Daten von Aufruf ${index}: ${data}`,
  message: 'Nachricht',
  details: 'Details',
  reject: 'Ablehnen',
  approve: 'Genehmigen',
}

export default words
