import type { FrameWords } from './en.ts'
import { pluralOf } from '../../../../ui/i18n/forms.ts'

const plural = pluralOf('pt-BR')

/** The frame page's Brazilian Portuguese words (the keys of `en.ts`). */
const words: FrameWords = {
  badge: 'Carteira integrada · site seguro',
  signMessage: 'Assinar mensagem',
  signTypedData: 'Assinar dados estruturados',
  grantPermissions: 'Conceder permissões',
  sendTransaction: 'Enviar transação',
  signTransaction: 'Assinar transação',
  signTransactions: (count: number) => plural(count, { one: `Assinar ${count} transação`, other: `Assinar ${count} transações` }),
  requestedBy: 'Solicitado por',
  network: 'Rede',
  until: 'Até',
  to: 'Para',
  value: 'Valor',
  amount: 'Quantia',
  feePayer: 'Pagador da taxa',
  newContract: 'Novo contrato',
  data: (data: string) => `Dados: ${data}`,
  unreadable: 'Transação ilegível',
  transfer: (amount: string, to: string) => `Transferir ${amount} para ${to}`,
  program: (program: string, bytes: number) => `Programa ${program} (${bytes} bytes de dados)`,
  sendCalls: (count: number) => plural(count, { one: `Enviar ${count} chamada em conjunto`, other: `Enviar ${count} chamadas em conjunto` }),
  call: (index: number) => `Chamada ${index}`,
  callData: (index: number, data: string) => `Dados da chamada ${index}: ${data}`,
  message: 'Mensagem',
  details: 'Detalhes',
  reject: 'Recusar',
  approve: 'Aprovar',
}

export default words
