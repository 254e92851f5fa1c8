import type { FrameWords } from './en.ts'
import { pluralOf } from '../../../../ui/i18n/forms.ts'

const plural = pluralOf('pl')

/** The frame page's Polish words (the keys of `en.ts`). */
const words: FrameWords = {
  badge: 'Portfel wbudowany · bezpieczna witryna',
  signMessage: 'Podpisz wiadomość',
  signTypedData: 'Podpisz dane strukturalne',
  grantPermissions: 'Przyznaj uprawnienia',
  sendTransaction: 'Wyślij transakcję',
  signTransaction: 'Podpisz transakcję',
  signTransactions: (count: number) => plural(count, { one: `Podpisz ${count} transakcję`, few: `Podpisz ${count} transakcje`, many: `Podpisz ${count} transakcji`, other: `Podpisz ${count} transakcji` }),
  requestedBy: 'Żądanie od',
  network: 'Sieć',
  until: 'Do',
  to: 'Do',
  value: 'Wartość',
  amount: 'Kwota',
  feePayer: 'Płatnik opłaty',
  newContract: 'Nowy kontrakt',
  data: (data: string) => `Dane: ${data}`,
  unreadable: 'Nieczytelna transakcja',
  transfer: (amount: string, to: string) => `Przelej ${amount} do ${to}`,
  program: (program: string, bytes: number) => `Program ${program} (${bytes} B danych)`,
  sendCalls: (count: number) => plural(count, { one: `Wyślij ${count} wywołanie razem`, few: `Wyślij ${count} wywołania razem`, many: `Wyślij ${count} wywołań razem`, other: `Wyślij ${count} wywołania razem` }),
  call: (index: number) => `Wywołanie ${index}`,
  callData: (index: number, data: string) => `Dane wywołania ${index}: ${data}`,
  message: 'Wiadomość',
  details: 'Szczegóły',
  reject: 'Odrzuć',
  approve: 'Zatwierdź',
}

export default words
