import type { FrameWords } from './en.ts'

/** The frame page's Vietnamese words (the keys of `en.ts`). */
const words: FrameWords = {
  badge: 'Ví nhúng · trang bảo mật',
  signMessage: 'Ký tin nhắn',
  signTypedData: 'Ký dữ liệu có cấu trúc',
  grantPermissions: 'Cấp quyền',
  sendTransaction: 'Gửi giao dịch',
  signTransaction: 'Ký giao dịch',
  signTransactions: (count: number) => `Ký ${count} giao dịch`,
  requestedBy: 'Yêu cầu bởi',
  network: 'Mạng',
  until: 'Đến hết',
  to: 'Đến',
  value: 'Giá trị',
  amount: 'Số tiền',
  feePayer: 'Người trả phí',
  newContract: 'Hợp đồng mới',
  data: (data: string) => `Dữ liệu: ${data}`,
  unreadable: 'Giao dịch không đọc được',
  transfer: (amount: string, to: string) => `Chuyển ${amount} đến ${to}`,
  program: (program: string, bytes: number) => `Chương trình ${program} (${bytes} byte dữ liệu)`,
  sendCalls: (count: number) => `Gửi ${count} lệnh gọi cùng lúc`,
  call: (index: number) => `Lệnh gọi ${index}`,
  callData: (index: number, data: string) => `Dữ liệu lệnh gọi ${index}: ${data}`,
  message: 'Tin nhắn',
  details: 'Chi tiết',
  reject: 'Từ chối',
  approve: 'Chấp thuận',
}

export default words
