import type { FrameWords } from './en.ts'
import { pluralOf } from '../../../../ui/i18n/forms.ts'

const plural = pluralOf('fr')

/** The frame page's French words (the keys of `en.ts`). */
const words: FrameWords = {
  badge: 'Portefeuille intégré · site sécurisé',
  signMessage: 'Signer le message',
  signTypedData: 'Signer des données structurées',
  grantPermissions: 'Accorder des autorisations',
  sendTransaction: 'Envoyer la transaction',
  signTransaction: 'Signer la transaction',
  signTransactions: (count: number) => plural(count, { one: `Signer ${count} transaction`, other: `Signer ${count} transactions` }),
  requestedBy: 'Demandé par',
  network: 'Réseau',
  until: "Jusqu'au",
  to: 'À',
  value: 'Valeur',
  amount: 'Montant',
  feePayer: 'Payeur des frais',
  newContract: 'Nouveau contrat',
  data: (data: string) => `Données : ${data}`,
  unreadable: 'Transaction illisible',
  transfer: (amount: string, to: string) => `Transférer ${amount} à ${to}`,
  program: (program: string, bytes: number) => `Programme ${program} (${bytes} octets de données)`,
  sendCalls: (count: number) => plural(count, { one: `Envoyer ${count} appel groupé`, other: `Envoyer ${count} appels groupés` }),
  call: (index: number) => `Appel ${index}`,
  callData: (index: number, data: string) => `Données de l'appel ${index} : ${data}`,
  message: 'Message',
  details: 'Détails',
  reject: 'Refuser',
  approve: 'Approuver',
}

export default words
