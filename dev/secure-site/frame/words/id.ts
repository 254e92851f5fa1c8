import type { FrameWords } from './en.ts'

/** The frame page's Indonesian words (the keys of `en.ts`). */
const words: FrameWords = {
  badge: 'Dompet tersemat · situs aman',
  signMessage: 'Tanda tangani pesan',
  signTypedData: 'Tanda tangani data terstruktur',
  grantPermissions: 'Berikan izin',
  sendTransaction: 'Kirim transaksi',
  signTransaction: 'Tanda tangani transaksi',
  signTransactions: (count: number) => `Tanda tangani ${count} transaksi`,
  requestedBy: 'Diminta oleh',
  network: 'Jaringan',
  until: 'Hingga',
  to: 'Ke',
  value: 'Nilai',
  amount: 'Jumlah',
  feePayer: 'Pembayar biaya',
  newContract: 'Kontrak baru',
  data: (data: string) => `Data: ${data}`,
  unreadable: 'Transaksi tidak dapat dibaca',
  transfer: (amount: string, to: string) => `Transfer ${amount} ke ${to}`,
  program: (program: string, bytes: number) => `Program ${program} (${bytes} byte data)`,
  sendCalls: (count: number) => `Kirim ${count} panggilan sekaligus`,
  call: (index: number) => `Panggilan ${index}`,
  callData: (index: number, data: string) => `Data panggilan ${index}: ${data}`,
  message: 'Pesan',
  details: 'Detail',
  reject: 'Tolak',
  approve: 'Setujui',
}

export default words
