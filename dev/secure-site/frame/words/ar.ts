import type { FrameWords } from './en.ts'
import { isolate, pluralOf } from '../../../../ui/i18n/forms.ts'

const plural = pluralOf('ar')

/** The frame page's Arabic words (the keys of `en.ts`); right to left, each value in its own isolate. */
const words: FrameWords = {
  badge: 'محفظة مدمجة · موقع آمن',
  signMessage: 'توقيع رسالة',
  signTypedData: 'توقيع بيانات منظَّمة',
  grantPermissions: 'منح الأذونات',
  sendTransaction: 'إرسال معاملة',
  signTransaction: 'توقيع معاملة',
  signTransactions: (count: number) =>
    plural(count, {
      zero: `توقيع ${isolate(count)} معاملة`,
      one: 'توقيع معاملة واحدة',
      two: 'توقيع معاملتين',
      few: `توقيع ${isolate(count)} معاملات`,
      many: `توقيع ${isolate(count)} معاملة`,
      other: `توقيع ${isolate(count)} معاملة`,
    }),
  requestedBy: 'مطلوبة من',
  network: 'الشبكة',
  until: 'حتى',
  to: 'إلى',
  value: 'القيمة',
  amount: 'المبلغ',
  feePayer: 'دافع الرسوم',
  newContract: 'عقد جديد',
  data: (data: string) => `البيانات: ${isolate(data)}`,
  unreadable: 'معاملة غير قابلة للقراءة',
  transfer: (amount: string, to: string) => `تحويل ${isolate(amount)} إلى ${isolate(to)}`,
  program: (program: string, bytes: number) => `البرنامج ${isolate(program)} (${isolate(bytes)} بايت من البيانات)`,
  sendCalls: (count: number) =>
    plural(count, {
      zero: `إرسال ${isolate(count)} استدعاء معًا`,
      one: 'إرسال استدعاء واحد',
      two: 'إرسال استدعاءين معًا',
      few: `إرسال ${isolate(count)} استدعاءات معًا`,
      many: `إرسال ${isolate(count)} استدعاءً معًا`,
      other: `إرسال ${isolate(count)} استدعاء معًا`,
    }),
  call: (index: number) => `الاستدعاء ${isolate(index)}`,
  callData: (index: number, data: string) => `بيانات الاستدعاء ${isolate(index)}: ${isolate(data)}`,
  message: 'الرسالة',
  details: 'التفاصيل',
  reject: 'رفض',
  approve: 'موافقة',
}

export default words
