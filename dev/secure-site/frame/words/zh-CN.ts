import type { FrameWords } from './en.ts'

/** The frame page's Simplified Chinese words (the keys of `en.ts`). */
const words: FrameWords = {
  badge: '嵌入式钱包 · 安全站点',
  signMessage: '签署消息',
  signTypedData: '签署结构化数据',
  grantPermissions: '授予权限',
  sendTransaction: '发送交易',
  signTransaction: '签署交易',
  signTransactions: (count: number) => `签署 ${count} 笔交易`,
  requestedBy: '请求方',
  network: '网络',
  until: '有效期至',
  to: '收款方',
  value: '金额',
  amount: '数量',
  feePayer: '手续费支付方',
  newContract: '新合约',
  data: (data: string) => `数据：${data}`,
  unreadable: '无法读取的交易',
  transfer: (amount: string, to: string) => `向 ${to} 转账 ${amount}`,
  program: (program: string, bytes: number) => `程序 ${program}（${bytes} 字节数据）`,
  sendCalls: (count: number) => `一并发送 ${count} 个调用`,
  call: (index: number) => `调用 ${index}`,
  callData: (index: number, data: string) => `调用 ${index} 的数据：${data}`,
  message: '消息',
  details: '详情',
  reject: '拒绝',
  approve: '批准',
}

export default words
