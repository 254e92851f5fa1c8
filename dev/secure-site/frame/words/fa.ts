import type { FrameWords } from './en.ts'
import { isolate } from '../../../../ui/i18n/forms.ts'

/** The frame page's Persian words (the keys of `en.ts`); right to left, each value in its own isolate. */
const words: FrameWords = {
  badge: 'کیف پول جاسازی‌شده · سایت امن',
  signMessage: 'امضای پیام',
  signTypedData: 'امضای داده‌های ساختاریافته',
  grantPermissions: 'اعطای مجوزها',
  sendTransaction: 'ارسال تراکنش',
  signTransaction: 'امضای تراکنش',
  signTransactions: (count: number) => `امضای ${isolate(count)} تراکنش`,
  requestedBy: 'درخواست‌شده توسط',
  network: 'شبکه',
  until: 'تا',
  to: 'به',
  value: 'مقدار',
  amount: 'مبلغ',
  feePayer: 'پرداخت‌کننده کارمزد',
  newContract: 'قرارداد جدید',
  data: (data: string) => `داده: ${isolate(data)}`,
  unreadable: 'تراکنش قابل خواندن نیست',
  transfer: (amount: string, to: string) => `انتقال ${isolate(amount)} به ${isolate(to)}`,
  program: (program: string, bytes: number) => `برنامه ${isolate(program)} (${isolate(bytes)} بایت داده)`,
  sendCalls: (count: number) => `ارسال ${isolate(count)} فراخوانی با هم`,
  call: (index: number) => `فراخوانی ${isolate(index)}`,
  callData: (index: number, data: string) => `داده‌های فراخوانی ${isolate(index)}: ${isolate(data)}`,
  message: 'پیام',
  details: 'جزئیات',
  reject: 'رد',
  approve: 'تأیید',
}

export default words
