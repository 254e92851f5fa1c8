import type { FrameWords } from './en.ts'
import { isolate, pluralOf } from '../../../../ui/i18n/forms.ts'

const plural = pluralOf('he')

/** The frame page's Hebrew words (the keys of `en.ts`); right to left, each value in its own isolate. */
const words: FrameWords = {
  badge: 'ארנק מוטמע · אתר מאובטח',
  signMessage: 'חתימה על הודעה',
  signTypedData: 'חתימה על נתונים מובנים',
  grantPermissions: 'מתן הרשאות',
  sendTransaction: 'שליחת עסקה',
  signTransaction: 'חתימה על עסקה',
  signTransactions: (count: number) => plural(count, { one: 'חתימה על עסקה אחת', other: `חתימה על ${isolate(count)} עסקאות` }),
  requestedBy: 'התבקש על ידי',
  network: 'רשת',
  until: 'עד',
  to: 'אל',
  value: 'ערך',
  amount: 'סכום',
  feePayer: 'משלם העמלה',
  newContract: 'חוזה חדש',
  data: (data: string) => `נתונים: ${isolate(data)}`,
  unreadable: 'עסקה שאינה קריאה',
  transfer: (amount: string, to: string) => `העברת ${isolate(amount)} אל ${isolate(to)}`,
  program: (program: string, bytes: number) => `תוכנית ${isolate(program)} (${isolate(bytes)} בתים של נתונים)`,
  sendCalls: (count: number) => plural(count, { one: 'שליחת קריאה אחת', other: `שליחת ${isolate(count)} קריאות יחד` }),
  call: (index: number) => `קריאה ${isolate(index)}`,
  callData: (index: number, data: string) => `נתוני קריאה ${isolate(index)}: ${isolate(data)}`,
  message: 'הודעה',
  details: 'פרטים',
  reject: 'דחייה',
  approve: 'אישור',
}

export default words
