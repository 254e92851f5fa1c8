import type { FrameWords } from './en.ts'

/** The frame page's Japanese words (the keys of `en.ts`). */
const words: FrameWords = {
  badge: '埋め込みウォレット · セキュアサイト',
  signMessage: 'メッセージに署名',
  signTypedData: '構造化データに署名',
  grantPermissions: '権限を付与',
  sendTransaction: 'トランザクションを送信',
  signTransaction: 'トランザクションに署名',
  signTransactions: (count: number) => `${count} 件のトランザクションに署名`,
  requestedBy: 'リクエスト元',
  network: 'ネットワーク',
  until: '有効期限',
  to: '送信先',
  value: '金額',
  amount: '数量',
  feePayer: '手数料の支払者',
  newContract: '新しいコントラクト',
  data: (data: string) => `データ：${data}`,
  unreadable: '読み取れないトランザクション',
  transfer: (amount: string, to: string) => `${to} に ${amount} を送金`,
  program: (program: string, bytes: number) => `プログラム ${program}（${bytes} バイトのデータ）`,
  sendCalls: (count: number) => `${count} 件の呼び出しをまとめて送信`,
  call: (index: number) => `呼び出し ${index}`,
  callData: (index: number, data: string) => `呼び出し ${index} のデータ：${data}`,
  message: 'メッセージ',
  details: '詳細',
  reject: '拒否',
  approve: '承認',
}

export default words
