import type { FrameWords } from './en.ts'
import { pluralOf } from '../../../../ui/i18n/forms.ts'

const plural = pluralOf('uk')

/** The frame page's Ukrainian words (the keys of `en.ts`). */
const words: FrameWords = {
  badge: 'Вбудований гаманець · захищений сайт',
  signMessage: 'Підписати повідомлення',
  signTypedData: 'Підписати структуровані дані',
  grantPermissions: 'Надати дозволи',
  sendTransaction: 'Надіслати транзакцію',
  signTransaction: 'Підписати транзакцію',
  signTransactions: (count: number) => plural(count, { one: `Підписати ${count} транзакцію`, few: `Підписати ${count} транзакції`, many: `Підписати ${count} транзакцій`, other: `Підписати ${count} транзакції` }),
  requestedBy: 'Запит від',
  network: 'Мережа',
  until: 'До',
  to: 'Кому',
  value: 'Сума',
  amount: 'Кількість',
  feePayer: 'Платник комісії',
  newContract: 'Новий контракт',
  data: (data: string) => `Дані: ${data}`,
  unreadable: 'Нечитабельна транзакція',
  transfer: (amount: string, to: string) => `Переказати ${amount} на ${to}`,
  program: (program: string, bytes: number) => `Програма ${program} (${bytes} Б даних)`,
  sendCalls: (count: number) => plural(count, { one: `Надіслати ${count} виклик разом`, few: `Надіслати ${count} виклики разом`, many: `Надіслати ${count} викликів разом`, other: `Надіслати ${count} виклику разом` }),
  call: (index: number) => `Виклик ${index}`,
  callData: (index: number, data: string) => `Дані виклику ${index}: ${data}`,
  message: 'Повідомлення',
  details: 'Подробиці',
  reject: 'Відхилити',
  approve: 'Підтвердити',
}

export default words
