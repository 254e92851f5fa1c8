import type { FrameWords } from './en.ts'
import { pluralOf } from '../../../../ui/i18n/forms.ts'

const plural = pluralOf('ru')

/** The frame page's Russian words (the keys of `en.ts`). */
const words: FrameWords = {
  badge: 'Встроенный кошелёк · защищённый сайт',
  signMessage: 'Подписать сообщение',
  signTypedData: 'Подписать структурированные данные',
  grantPermissions: 'Выдать разрешения',
  sendTransaction: 'Отправить транзакцию',
  signTransaction: 'Подписать транзакцию',
  signTransactions: (count: number) => plural(count, { one: `Подписать ${count} транзакцию`, few: `Подписать ${count} транзакции`, many: `Подписать ${count} транзакций`, other: `Подписать ${count} транзакции` }),
  requestedBy: 'Запрошено',
  network: 'Сеть',
  until: 'До',
  to: 'Кому',
  value: 'Сумма',
  amount: 'Количество',
  feePayer: 'Плательщик комиссии',
  newContract: 'Новый контракт',
  data: (data: string) => `Данные: ${data}`,
  unreadable: 'Нечитаемая транзакция',
  transfer: (amount: string, to: string) => `Перевести ${amount} на ${to}`,
  program: (program: string, bytes: number) => `Программа ${program} (${bytes} Б данных)`,
  sendCalls: (count: number) => plural(count, { one: `Отправить ${count} вызов вместе`, few: `Отправить ${count} вызова вместе`, many: `Отправить ${count} вызовов вместе`, other: `Отправить ${count} вызова вместе` }),
  call: (index: number) => `Вызов ${index}`,
  callData: (index: number, data: string) => `Данные вызова ${index}: ${data}`,
  message: 'Сообщение',
  details: 'Подробности',
  reject: 'Отклонить',
  approve: 'Подтвердить',
}

export default words
