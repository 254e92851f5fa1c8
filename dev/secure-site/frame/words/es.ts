import type { FrameWords } from './en.ts'
import { pluralOf } from '../../../../ui/i18n/forms.ts'

const plural = pluralOf('es')

/** The frame page's Spanish words (the keys of `en.ts`). */
const words: FrameWords = {
  badge: 'Billetera integrada · sitio seguro',
  signMessage: 'Firmar mensaje',
  signTypedData: 'Firmar datos estructurados',
  grantPermissions: 'Conceder permisos',
  sendTransaction: 'Enviar transacción',
  signTransaction: 'Firmar transacción',
  signTransactions: (count: number) => plural(count, { one: `Firmar ${count} transacción`, other: `Firmar ${count} transacciones` }),
  requestedBy: 'Solicitado por',
  network: 'Red',
  until: 'Hasta',
  to: 'Para',
  value: 'Valor',
  amount: 'Importe',
  feePayer: 'Pagador de la comisión',
  newContract: 'Contrato nuevo',
  data: (data: string) => `Datos: ${data}`,
  unreadable: 'Transacción no legible',
  transfer: (amount: string, to: string) => `Transferir ${amount} a ${to}`,
  program: (program: string, bytes: number) => `Programa ${program} (${bytes} bytes de datos)`,
  sendCalls: (count: number) => plural(count, { one: `Enviar ${count} llamada a la vez`, other: `Enviar ${count} llamadas a la vez` }),
  call: (index: number) => `Llamada ${index}`,
  callData: (index: number, data: string) => `Datos de la llamada ${index}: ${data}`,
  message: 'Mensaje',
  details: 'Detalles',
  reject: 'Rechazar',
  approve: 'Aprobar',
}

export default words
