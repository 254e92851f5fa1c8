import type { FrameWords } from './en.ts'

/** The frame page's Turkish words (the keys of `en.ts`). */
const words: FrameWords = {
  badge: 'Gömülü cüzdan · güvenli site',
  signMessage: 'Mesajı imzala',
  signTypedData: 'Yapılandırılmış veriyi imzala',
  grantPermissions: 'İzin ver',
  sendTransaction: 'İşlemi gönder',
  signTransaction: 'İşlemi imzala',
  signTransactions: (count: number) => `${count} işlemi imzala`,
  requestedBy: 'İsteyen',
  network: 'Ağ',
  until: 'Bitiş',
  to: 'Alıcı',
  value: 'Değer',
  amount: 'Tutar',
  feePayer: 'Ücreti ödeyen',
  newContract: 'Yeni sözleşme',
  data: (data: string) => `Veri: ${data}`,
  unreadable: 'Okunamayan işlem',
  transfer: (amount: string, to: string) => `${amount} tutarını ${to} adresine aktar`,
  program: (program: string, bytes: number) => `Program ${program} (${bytes} bayt veri)`,
  sendCalls: (count: number) => `${count} çağrıyı birlikte gönder`,
  call: (index: number) => `Çağrı ${index}`,
  callData: (index: number, data: string) => `Çağrı ${index} verisi: ${data}`,
  message: 'Mesaj',
  details: 'Ayrıntılar',
  reject: 'Reddet',
  approve: 'Onayla',
}

export default words
