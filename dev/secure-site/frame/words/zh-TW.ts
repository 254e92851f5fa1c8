import type { FrameWords } from './en.ts'

/** The frame page's Traditional Chinese words (the keys of `en.ts`). */
const words: FrameWords = {
  badge: '內嵌錢包 · 安全網站',
  signMessage: '簽署訊息',
  signTypedData: '簽署結構化資料',
  grantPermissions: '授予權限',
  sendTransaction: '傳送交易',
  signTransaction: '簽署交易',
  signTransactions: (count: number) => `簽署 ${count} 筆交易`,
  requestedBy: '請求方',
  network: '網路',
  until: '有效期限至',
  to: '收款方',
  value: '金額',
  amount: '數量',
  feePayer: '手續費支付方',
  newContract: '新合約',
  data: (data: string) => `資料：${data}`,
  unreadable: '無法讀取的交易',
  transfer: (amount: string, to: string) => `向 ${to} 轉帳 ${amount}`,
  program: (program: string, bytes: number) => `程式 ${program}（${bytes} 位元組資料）`,
  sendCalls: (count: number) => `一併傳送 ${count} 個呼叫`,
  call: (index: number) => `呼叫 ${index}`,
  callData: (index: number, data: string) => `呼叫 ${index} 的資料：${data}`,
  message: '訊息',
  details: '詳細資料',
  reject: '拒絕',
  approve: '核准',
}

export default words
