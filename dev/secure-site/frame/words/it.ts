import type { FrameWords } from './en.ts'
import { pluralOf } from '../../../../ui/i18n/forms.ts'

const plural = pluralOf('it')

/** The frame page's Italian words (the keys of `en.ts`). */
const words: FrameWords = {
  badge: 'Wallet integrato · sito sicuro',
  signMessage: 'Firma messaggio',
  signTypedData: 'Firma dati strutturati',
  grantPermissions: 'Concedi autorizzazioni',
  sendTransaction: 'Invia transazione',
  signTransaction: 'Firma transazione',
  signTransactions: (count: number) => plural(count, { one: `Firma ${count} transazione`, other: `Firma ${count} transazioni` }),
  requestedBy: 'Richiesto da',
  network: 'Rete',
  until: 'Fino al',
  to: 'A',
  value: 'Valore',
  amount: 'Importo',
  feePayer: 'Pagatore della commissione',
  newContract: 'Nuovo contratto',
  data: (data: string) => `Dati: ${data}`,
  unreadable: 'Transazione non leggibile',
  transfer: (amount: string, to: string) => `Trasferisci ${amount} a ${to}`,
  program: (program: string, bytes: number) => `Programma ${program} (${bytes} byte di dati)`,
  sendCalls: (count: number) => plural(count, { one: `Invia ${count} chiamata insieme`, other: `Invia ${count} chiamate insieme` }),
  call: (index: number) => `Chiamata ${index}`,
  callData: (index: number, data: string) => `Dati della chiamata ${index}: ${data}`,
  message: 'Messaggio',
  details: 'Dettagli',
  reject: 'Rifiuta',
  approve: 'Approva',
}

export default words
