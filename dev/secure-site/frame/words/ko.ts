import type { FrameWords } from './en.ts'

/** The frame page's Korean words (the keys of `en.ts`). */
const words: FrameWords = {
  badge: '내장 지갑 · 보안 사이트',
  signMessage: '메시지 서명',
  signTypedData: '구조화된 데이터 서명',
  grantPermissions: '권한 부여',
  sendTransaction: '트랜잭션 보내기',
  signTransaction: '트랜잭션 서명',
  signTransactions: (count: number) => `트랜잭션 ${count}건 서명`,
  requestedBy: '요청한 곳',
  network: '네트워크',
  until: '만료',
  to: '받는 사람',
  value: '값',
  amount: '금액',
  feePayer: '수수료 지불자',
  newContract: '새 컨트랙트',
  data: (data: string) => `데이터: ${data}`,
  unreadable: '읽을 수 없는 트랜잭션',
  transfer: (amount: string, to: string) => `${to}에게 ${amount} 전송`,
  program: (program: string, bytes: number) => `프로그램 ${program} (데이터 ${bytes}바이트)`,
  sendCalls: (count: number) => `호출 ${count}건을 한 번에 보내기`,
  call: (index: number) => `호출 ${index}`,
  callData: (index: number, data: string) => `호출 ${index} 데이터: ${data}`,
  message: '메시지',
  details: '세부 정보',
  reject: '거부',
  approve: '승인',
}

export default words
